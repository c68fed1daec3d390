// The sandbox processor's published test cards (lib/checkout/processors/sandbox.ts; the checkout guide's
// table): each one's outcome on a sandbox merchant, as the checkout's PAYMENT_ERROR code names it.
// tests/integration/testing-kit.test.ts pays every one through a sandbox merchant to keep them honest.

/** What the sandbox answers for a card: approved, or the code of its decline or failure. */
export type TestCardOutcome = 'approved' | 'card_declined' | 'insufficient_funds' | 'processor_error';

export interface TestCard {
  /** The card number, digits only. */
  readonly number: string;
  /** `MM/YY`, December five years from now: always in the future. */
  readonly expiry: string;
  /** 3 digits; 4 for American Express. */
  readonly cvc: string;
  /** The brand the vault detects (`paymentData.brand`, Elements' `brand`). */
  readonly brand: 'visa' | 'mastercard' | 'amex';
  readonly outcome: TestCardOutcome;
}

// Computed, not a fixed year, so the cards never expire under a merchant's test suite.
const EXPIRY = `12/${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`;

const card = (number: string, brand: TestCard['brand'], outcome: TestCardOutcome): TestCard =>
  Object.freeze({ number, expiry: EXPIRY, cvc: brand === 'amex' ? '1234' : '123', brand, outcome });

export const TEST_CARDS: {
  /** Visa, approved. */
  readonly success: TestCard;
  /** Visa, declined: `card_declined` (HTTP 402). */
  readonly decline: TestCard;
  /** Visa, declined: `insufficient_funds` (HTTP 402). */
  readonly insufficientFunds: TestCard;
  /** Visa, the processor fails: `processor_error` (HTTP 502). */
  readonly processorError: TestCard;
  /** Mastercard with a 3-digit security code, approved. */
  readonly threeDigitCvc: TestCard;
  /** American Express with a 4-digit security code, approved. */
  readonly fourDigitCvc: TestCard;
} = Object.freeze({
  success: card('4242424242424242', 'visa', 'approved'),
  decline: card('4000000000000002', 'visa', 'card_declined'),
  insufficientFunds: card('4000000000009995', 'visa', 'insufficient_funds'),
  processorError: card('4000000000000119', 'visa', 'processor_error'),
  threeDigitCvc: card('5555555555554444', 'mastercard', 'approved'),
  fourDigitCvc: card('378282246310005', 'amex', 'approved'),
});
