// `vault/react` in a Next.js page (e2e/merchant-next, its own origin): the provider, the three field
// components and useVaultElements() — ready, complete, submit — end to end to a token that detokenizes to
// the card on the merchant's server.
import { expect, test } from '@playwright/test';
import { checkoutOrigin, merchantOrigin } from './checkout-support';

const merchantNextOrigin = process.env.E2E_MERCHANT_NEXT_ORIGIN!;

test('the React wrapper in a Next.js page: fields mount, report ready and complete, and submit to a token', async ({ page, request }) => {
  const response = await page.goto(`${merchantNextOrigin}/`, { timeout: 60_000 });
  expect(response?.status()).toBe(200);
  await expect(page.locator('#ready')).toHaveText('ready', { timeout: 30_000 });
  await expect(page.locator('#complete')).toHaveText('incomplete');
  await expect(page.getByRole('button', { name: 'Save card' })).toBeDisabled();
  for (const id of ['card-number', 'card-expiry', 'card-cvc']) expect(await page.locator(`#${id} iframe`).getAttribute('src')).toMatch(new RegExp(`^${checkoutOrigin}/elements/field\\?`));
  const frame = (id: string) => page.frameLocator(`#${id} iframe`).locator('#field');
  await frame('card-number').pressSequentially('4242424242424241');
  await frame('card-number').blur();
  await expect(page.locator('#number-error')).toHaveText('Your card number is invalid. Check it and try again.');
  await frame('card-number').fill('');
  await frame('card-number').pressSequentially('5555555555554444');
  await frame('card-expiry').pressSequentially('0933');
  await frame('card-cvc').pressSequentially('321');
  await expect(page.locator('#complete')).toHaveText('complete');
  await expect(page.locator('#number-error')).toHaveText('');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.locator('#outcome')).toHaveText('Saved mastercard •••• 4444', { timeout: 15_000 });
  const result = await page.evaluate(() => (window as unknown as { __result: { token: string } }).__result);
  const detokenized = await (await request.get(`${merchantOrigin}/elements/detokenize?token=${result.token}`)).json();
  expect(JSON.stringify(detokenized)).toContain('5555555555554444');
});
