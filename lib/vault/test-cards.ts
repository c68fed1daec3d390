import { stripCardSeparators } from './card-rules';

// Card numbers that PSPs publish for their sandboxes. They are public knowledge, so a production
// project can refuse them and a test project can accept them without any risk of holding real PANs.
// Every number passes Luhn (pinned by test-cards.test.ts).

// Stripe (docs.stripe.com/testing): successful payments by brand.
const stripeBrands = [
  '4242424242424242', // Visa
  '4000056655665556', // Visa debit
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard 2-series
  '5200828282828210', // Mastercard debit
  '5105105105105100', // Mastercard prepaid
  '378282246310005', // Amex
  '371449635398431', // Amex
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '6011981111111113', // Discover debit
  '3056930009020004', // Diners
  '36227206271667', // Diners 14-digit
  '6555900000604105', // BCcard and DinaCard
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
  '6200000000000047', // UnionPay debit
  '6205500000000000004', // UnionPay 19-digit
];

// Stripe: declines, risk and check failures.
const stripeScenarios = [
  '4000000000000002', // generic decline
  '4000000000009995', // insufficient funds
  '4000000000009987', // lost card
  '4000000000009979', // stolen card
  '4000000000000069', // expired card
  '4000000000000127', // incorrect CVC
  '4000000000000119', // processing error
  '4000000000000101', // CVC check fails
  '4000000000000036', // postal code check fails
  '4000000000000028', // address line 1 check fails
  '4000000000000010', // address and postal code checks fail
  '4000000000000044', // address checks unavailable
  '4000000000000341', // attaching succeeds, charging fails
  '4000000000000077', // funds go straight to the available balance
  '4000000000000259', // disputed (fraudulent)
  '4000000000001976', // disputed (inquiry)
  '4000000000005126', // refund fails asynchronously
  '4100000000000019', // highest risk, blocked by Radar
  '4000000000004954', // elevated risk
];

// Stripe: 3D Secure.
const stripeThreeDSecure = [
  '4000002500003155', // authentication required unless set up
  '4000002760003184', // authentication always required
  '4000000000003220', // 3DS2 authentication required
  '4000000000003063', // 3DS required
  '4000008400001629', // 3DS required, then declined
  '4000002500001001', // Cartes Bancaires / Visa, 3DS
];

// Braintree (developer.paypal.com/braintree/docs/reference/general/testing): valid and declining cards.
const braintree = [
  '4111111111111111', // Visa (also Adyen's default Visa)
  '4005519200000004', // Visa
  '4009348888881881', // Visa
  '4012000033330026', // Visa
  '4012000077777777', // Visa
  '4012888888881881', // Visa
  '4217651111111119', // Visa
  '4500600000000061', // Visa
  '2223000048400011', // Mastercard 2-series
  '3530111333300000', // JCB
  '6304000000000000', // Maestro
  '4000111111111115', // Visa, processor declined
  '378734493671000', // Amex, processor declined
  '38520000009814', // Diners, processor declined
  '4000111111111511', // Visa, failed (3000)
];

// Adyen (docs.adyen.com/development-resources/testing/test-card-numbers).
const adyen = [
  '4988438843884305', // Visa classic
  '4166676667666746', // Visa classic
  '4646464646464644', // Visa classic
  '4444333322221111', // Visa corporate
  '4400000000000008', // Visa debit
  '4977949494949497', // Visa gold
  '5555341244441115', // Mastercard
  '5577000055770004', // Mastercard consumer
  '5136333333333335', // Mastercard consumer
  '5585558555855583', // Mastercard consumer
  '5555444433331111', // Mastercard consumer
  '5500000000000004', // Mastercard debit
  '5424000000000015', // Mastercard pro
  '5100081112223332', // Mastercard
  '5100290029002909', // Mastercard consumer
  '2222400070000005', // Mastercard 2-series
  '5101180000000007', // Mastercard commercial
  '370000000000002', // Amex
  '36006666333344', // Diners
  '6011601160116611', // Discover
  '6445644564456445', // Discover
  '3569990010095841', // JCB
  '6243030000000001', // UnionPay
];

export const publishedTestCards: ReadonlySet<string> = new Set([
  ...stripeBrands,
  ...stripeScenarios,
  ...stripeThreeDSecure,
  ...braintree,
  ...adyen,
]);

/** Spaces and dashes between digit groups are ignored, as in the request schemas. */
export function isPublishedTestCard(pan: string): boolean {
  return publishedTestCards.has(stripCardSeparators(pan));
}
