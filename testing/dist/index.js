// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import { TEST_CARDS } from "./test-cards.js";
import { fillElements } from "./fill-elements.js";
import { payHostedCheckout } from "./pay-hosted-checkout.js";
import { waitForCheckoutEvent } from "./wait-for-checkout-event.js";
import { waitForElementsEvent } from "./wait-for-elements-event.js";
import {
  createTestCheckoutSession,
  createTestCollectSession
} from "./create-test-sessions.js";
export {
  TEST_CARDS,
  createTestCheckoutSession,
  createTestCollectSession,
  fillElements,
  payHostedCheckout,
  waitForCheckoutEvent,
  waitForElementsEvent
};
