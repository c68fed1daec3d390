// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
const EXPIRY = `12/${String(((/* @__PURE__ */ new Date()).getFullYear() + 5) % 100).padStart(2, "0")}`;
const card = (number, brand, outcome) => Object.freeze({ number, expiry: EXPIRY, cvc: brand === "amex" ? "1234" : "123", brand, outcome });
const TEST_CARDS = Object.freeze({
  success: card("4242424242424242", "visa", "approved"),
  decline: card("4000000000000002", "visa", "card_declined"),
  insufficientFunds: card("4000000000009995", "visa", "insufficient_funds"),
  processorError: card("4000000000000119", "visa", "processor_error"),
  threeDigitCvc: card("5555555555554444", "mastercard", "approved"),
  fourDigitCvc: card("378282246310005", "amex", "approved")
});
export {
  TEST_CARDS
};
