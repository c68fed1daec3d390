// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
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
export declare const TEST_CARDS: {
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
};
