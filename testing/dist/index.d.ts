// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
export { TEST_CARDS, type TestCard, type TestCardOutcome } from './test-cards.js';
export { fillElements, type ElementsCard, type FillElementsOptions } from './fill-elements.js';
export { payHostedCheckout, type HostedCheckoutCard, type PayHostedCheckoutOptions } from './pay-hosted-checkout.js';
export { waitForCheckoutEvent, type CheckoutEventName, type WaitForCheckoutEventOptions } from './wait-for-checkout-event.js';
export { waitForElementsEvent, type ElementChangeMatch, type ElementsEventDetail, type WaitForElementsEventOptions } from './wait-for-elements-event.js';
export { createTestCheckoutSession, createTestCollectSession, type CheckoutSession, type CheckoutSessionRequest, type CollectSession, type CollectSessionOptions, } from './create-test-sessions.js';
