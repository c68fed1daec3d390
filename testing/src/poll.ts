// Waiting on a condition that Playwright has no built-in wait for, without importing @playwright/test at
// run time (the kit's only dependency on it is its types).

/** Resolves with the first truthy value `check` returns; throws `message()` after `timeout` ms. */
export async function poll<T>(check: () => Promise<T | null | undefined | false>, timeout: number, message: () => string): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
