// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import { waitForMessage } from "./wait-for-message.js";
const FIELD_OF = { cardNumber: "card_number", cardExpiry: "card_expiry", cardCvc: "card_cvc" };
async function waitForElementsEvent(page, elementType, name, options = {}) {
  const field = FIELD_OF[elementType];
  if (!field) throw new Error(`waitForElementsEvent: the element types are ${Object.keys(FIELD_OF).join(", ")}`);
  const detail = await waitForMessage(page, {
    match: { type: "vault-elements", field, event: name, ...options.match ? { detail: options.match } : {} },
    origin: null,
    originScript: null,
    sourceFrames: 'iframe[src*="/elements/field?"]',
    pick: "detail",
    timeout: options.timeout ?? 15e3,
    label: `waitForElementsEvent: ${elementType} ${name}`
  });
  return detail;
}
export {
  waitForElementsEvent
};
