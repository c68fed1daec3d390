import { stripCardSeparators } from '../cards/card-rules';

// Card numbers that PSPs and card networks publish for their sandboxes. POST /test-tokens accepts only
// these, in every project: its CVC session lives a year, so it must never hold a real card's code. They
// are public knowledge, so holding them with a long-lived CVV risks nothing. Every number passes Luhn
// and is 12–19 digits (pinned by test-cards.test.ts). Only well-known numbers are listed, each group with
// the page that publishes it; a number several providers publish appears once, under the first.

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
  '6035227716427021', // eftpos Australia
];

// Stripe (docs.stripe.com/testing#international-cards): cards by country.
const stripeCountries = [
  '4000000760000002', // Brazil
  '4000001240000000', // Canada
  '4000004840008001', // Mexico
  '4000000320000021', // Argentina
  '4000007840000001', // United Arab Emirates
  '4000000400000008', // Austria
  '4000000560000004', // Belgium
  '4000002080000001', // Denmark
  '4000002460000001', // Finland
  '4000002500000003', // France
  '4000002760000016', // Germany
  '4000003800000008', // Italy
];

// Stripe (docs.stripe.com/testing#declined-payments, #fraud-prevention, #disputes, #refunds).
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

// Stripe (docs.stripe.com/testing#regulatory-cards): 3D Secure.
const stripeThreeDSecure = [
  '4000002500003155', // authentication required unless set up
  '4000002760003184', // authentication always required
  '4000000000003220', // 3DS2 authentication required
  '4000000000003063', // 3DS required
  '4000000000003055', // 3DS supported, not required
  '4000008400001629', // 3DS required, then declined
  '4000002500001001', // Cartes Bancaires / Visa, 3DS
];

// Braintree (developer.paypal.com/braintree/docs/reference/general/testing): valid and declining cards.
const braintree = [
  '4111111111111111', // Visa (also Adyen's, Worldpay's and most gateways' default Visa)
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
  '4111111145551142', // Visa classic
  '4444333322221111', // Visa corporate (also Worldpay's Visa credit)
  '4400000000000008', // Visa debit
  '4000620000000007', // Visa commercial
  '4000060000000006', // Visa
  '4293189100000008', // Visa
  '4988080000000000', // Visa
  '4001590000000001', // Visa
  '4000180000000002', // Visa
  '4977949494949497', // Visa gold
  '5555341244441115', // Mastercard
  '5577000055770004', // Mastercard consumer
  '5136333333333335', // Mastercard consumer
  '5585558555855583', // Mastercard consumer
  '5555444433331111', // Mastercard consumer
  '5500000000000004', // Mastercard debit
  '5424000000000015', // Mastercard pro (also Authorize.net's Mastercard)
  '5100081112223332', // Mastercard
  '5100290029002909', // Mastercard consumer
  '2222400070000005', // Mastercard 2-series
  '2222410740360010', // Mastercard 2-series
  '5101180000000007', // Mastercard commercial
  '370000000000002', // Amex (also Authorize.net's)
  '370000000100018', // Amex
  '36006666333344', // Diners
  '3607050000001020', // Diners
  '6011601160116611', // Discover
  '6445644564456445', // Discover
  '3569990010095841', // JCB
  '6771798021000008', // Maestro
  '6243030000000001', // UnionPay
];

// Checkout.com (its docs, "Testing" → "Test cards": checkout.com/docs).
const checkoutCom = [
  '4543474002249996', // Visa
  '4658584090000001', // Visa
  '4484070000035519', // Visa
  '5436031030606378', // Mastercard
  '5199992312641465', // Mastercard
  '5305484748800098', // Mastercard
  '345678901234564', // Amex
  '30123456789019', // Diners
];

// Worldpay (developer.worldpay.com, "Test values" → card numbers: Access Worldpay and the Corporate gateway).
const worldpay = [
  '4917610000000000', // Visa debit
  '4462030000000000', // Visa debit
  '4917300800000000', // Visa Electron
  '4484070000000000', // Visa purchasing
  '5454545454545454', // Mastercard
  '6759649826438453', // Maestro
  '343434343434343', // Amex
  '36700102000000', // Diners
  '36148900647913', // Diners
  '3528000700000000', // JCB
  '6011000400000000', // Discover
];

// The card brands' long-standing common test numbers, as gateways publish them: Authorize.net's testing
// guide (developer.authorize.net/hello_world/testing_guide) and PayPal's sandbox "Test credit card
// numbers" (developer.paypal.com).
const networks = [
  '3566111111111113', // JCB
  '30569309025904', // Diners Club
  '38520000023237', // Diners Club
  '38000000000006', // Diners Club (Authorize.net)
  '6011000000000012', // Discover (Authorize.net)
  '3088000000000017', // JCB (Authorize.net)
  '2223000010309703', // Mastercard 2-series (Authorize.net)
  '2223000010309711', // Mastercard 2-series (Authorize.net)
  '4007000000027', // Visa 13-digit (Authorize.net)
  '4012888818888', // Visa 13-digit (Authorize.net)
  '4222222222222', // Visa 13-digit (PayPal, Authorize.net)
  '5610591081018250', // Australian BankCard (PayPal)
  '5019717010103742', // Dankort (PayPal)
  '6331101999990016', // Switch/Solo (PayPal)
];

export const publishedTestCards: ReadonlySet<string> = new Set([
  ...stripeBrands,
  ...stripeCountries,
  ...stripeScenarios,
  ...stripeThreeDSecure,
  ...braintree,
  ...adyen,
  ...checkoutCom,
  ...worldpay,
  ...networks,
]);

/** Spaces and dashes between digit groups are ignored, as in the request schemas. */
export function isPublishedTestCard(pan: string): boolean {
  return publishedTestCards.has(stripCardSeparators(pan));
}
