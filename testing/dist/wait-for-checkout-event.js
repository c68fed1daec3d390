// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import { waitForMessage } from "./wait-for-message.js";
async function waitForCheckoutEvent(page, name, options = {}) {
  const data = await waitForMessage(page, {
    match: { type: name, ...options.sessionId === void 0 ? {} : { sessionId: options.sessionId } },
    origin: options.origin === void 0 ? null : new URL(options.origin).origin,
    originScript: "/checkout.js",
    sourceFrames: null,
    pick: null,
    timeout: options.timeout ?? 15e3,
    label: `waitForCheckoutEvent: ${name}`
  });
  return data;
}
export {
  waitForCheckoutEvent
};
