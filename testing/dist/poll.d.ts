// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
/** Resolves with the first truthy value `check` returns; throws `message()` after `timeout` ms. */
export declare function poll<T>(check: () => Promise<T | null | undefined | false>, timeout: number, message: () => string): Promise<T>;
