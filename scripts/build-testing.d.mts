// Types of scripts/build-testing.mjs (imported by tests/integration/testing-kit-build.test.ts).
/** Each vault/testing output (file name in testing/dist/ → content), as a fresh build makes it. */
export function buildTesting(): Promise<Record<string, string>>;
