// The published test cards the "New test token" dialog offers (a few well-known ones per brand; POST
// /test-tokens accepts exactly lib/vault/test-cards.ts, pinned by tests/components/test-card-choices.test.ts). Client-side
// only: the form holds a choice id, and the number is put in the request body at submit, so no card
// number is ever rendered into the page's HTML.
export type TestCardChoice = { id: string; label: string; number: string; cvcLength: 3 | 4 };

export const TEST_CARD_CHOICES: readonly TestCardChoice[] = [
  { id: 'visa', label: 'Visa •••• 4242 (Stripe)', number: '4242424242424242', cvcLength: 3 },
  { id: 'visa-debit', label: 'Visa debit •••• 5556 (Stripe)', number: '4000056655665556', cvcLength: 3 },
  { id: 'visa-1111', label: 'Visa •••• 1111 (most gateways)', number: '4111111111111111', cvcLength: 3 },
  { id: 'mastercard', label: 'Mastercard •••• 4444 (Stripe)', number: '5555555555554444', cvcLength: 3 },
  { id: 'mastercard-2', label: 'Mastercard 2-series •••• 3222 (Stripe)', number: '2223003122003222', cvcLength: 3 },
  { id: 'amex', label: 'American Express •••• 0005 (Stripe)', number: '378282246310005', cvcLength: 4 },
  { id: 'discover', label: 'Discover •••• 1117 (Stripe)', number: '6011111111111117', cvcLength: 3 },
  { id: 'diners', label: 'Diners Club •••• 0004 (Stripe)', number: '3056930009020004', cvcLength: 3 },
  { id: 'jcb', label: 'JCB •••• 0505 (Stripe)', number: '3566002020360505', cvcLength: 3 },
  { id: 'unionpay', label: 'UnionPay •••• 0005 (Stripe)', number: '6200000000000005', cvcLength: 3 },
  { id: 'declined', label: 'Visa, generic decline •••• 0002 (Stripe)', number: '4000000000000002', cvcLength: 3 },
  { id: 'insufficient-funds', label: 'Visa, insufficient funds •••• 9995 (Stripe)', number: '4000000000009995', cvcLength: 3 },
];

export function testCardNumber(id: string): string | undefined {
  return TEST_CARD_CHOICES.find((choice) => choice.id === id)?.number;
}
