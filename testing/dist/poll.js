// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
async function poll(check, timeout, message) {
  const deadline = Date.now() + timeout;
  for (; ; ) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
export {
  poll
};
