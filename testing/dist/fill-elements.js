// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
const FIELDS = { number: "card_number", expiry: "card_expiry", cvc: "card_cvc" };
const elementsFrameSelector = (field) => `iframe[src*="/elements/field?"][src*="field=${field}"]`;
async function typeInto(page, selector, text, delay) {
  const frame = page.frameLocator(selector);
  const input = frame.locator("#field");
  await input.evaluate(() => document.readyState === "complete" || new Promise((resolve) => window.addEventListener("load", () => resolve(true), { once: true })));
  await input.click();
  await input.pressSequentially(text, { delay });
}
async function fillElements(page, card, options = {}) {
  const delay = options.delay ?? 0;
  const selector = (key) => options.frameSelector?.[key] ?? elementsFrameSelector(FIELDS[key]);
  await typeInto(page, selector("number"), card.number, delay);
  await typeInto(page, selector("expiry"), card.expiry, delay);
  if (card.cvc !== void 0) await typeInto(page, selector("cvc"), card.cvc, delay);
}
export {
  elementsFrameSelector,
  fillElements
};
