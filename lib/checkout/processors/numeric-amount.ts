// JSON PSPs take the amount in minor units as a number ({"amount": {"value": 1050}}: Adyen, Checkout.com,
// Worldpay). So in a JSON template a string value that is exactly "${amountMinor}" becomes that number;
// anywhere else (inside longer text, form and XML bodies) the placeholder is text like every other.
const AMOUNT_MINOR_PLACEHOLDER = '${amountMinor}';

export function withNumericAmountMinor(template: unknown, amountMinor: bigint): unknown {
  // Beyond 2^53 a JSON number would lose digits at the PSP's parser: keep the exact text then.
  if (amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) return template;
  const value = Number(amountMinor);
  const walk = (node: unknown): unknown => {
    if (node === AMOUNT_MINOR_PLACEHOLDER) return value;
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return walk(template);
}
