// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import { poll } from "./poll.js";
const CHECKOUT_PATH = /\/checkout\/cs_[0-9A-Za-z]+$/;
const CHECKOUT_FRAME = 'iframe[src*="/checkout/cs_"]';
function checkoutRoot(page, frameSelector, timeout) {
  return poll(
    async () => {
      if (CHECKOUT_PATH.test(new URL(page.url()).pathname)) return page;
      return await page.locator(frameSelector).count() > 0 ? page.frameLocator(frameSelector) : null;
    },
    timeout,
    () => `payHostedCheckout: ${page.url()} is not a checkout page and frames no checkout (${frameSelector}) after ${timeout} ms`
  );
}
async function payHostedCheckout(page, card, options = {}) {
  const timeout = options.timeout ?? 15e3;
  const root = await checkoutRoot(page, options.frameSelector ?? CHECKOUT_FRAME, timeout);
  const form = root.getByRole("form", { name: "Card details" });
  const submit = form.getByRole("button", { name: /^(Pay\s|Save card$)/ });
  await poll(() => submit.isEnabled({ timeout }), timeout, () => `payHostedCheckout: the checkout's Pay button was not enabled within ${timeout} ms`);
  await form.getByLabel("Card number").fill(card.number);
  await form.getByLabel("Expiry date").fill(card.expiry);
  await form.getByLabel("Security code").fill(card.cvc);
  await form.getByLabel("Name on card").fill(card.name ?? "Test Customer");
  await submit.click();
}
export {
  payHostedCheckout
};
