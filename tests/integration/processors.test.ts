// chargeWithProcessor against a local HTTPS PSP (loopback only, reached as https://localhost:PORT, which
// the default test env allow-lists): the exact bytes the PSP receives for JSON, form and XML templates,
// the result mapping, the SSRF guard, single-use CVC sessions, the sandbox's card table, and what never
// reaches the logs.
import { describe, expect, it } from 'vitest';
import { chargeWithProcessor, type ChargeInput } from '../../lib/checkout/processors/charge';
import { CARD_DECLINED_MESSAGE, CVC_UNAVAILABLE_MESSAGE, PROCESSOR_ERROR_MESSAGE } from '../../lib/checkout/processors/results';
import { ZProcessorConfigSchema, type TProcessorConfig } from '../../lib/merchants/processor-schemas';
import { closedLoopbackPort, expectBytes, useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import type { PspReply, ReceivedRequest } from '../helpers/psp-server';
import type { TestVault } from '../helpers/test-vault';

const PAN = '4000056655665556';
const CVV = '7391';
/** The CVV as a standalone digit run (ids and hashes are hex, so a bare substring test could misfire). */
const cvvPattern = new RegExp(`(?<![0-9A-Za-z-])${CVV}(?![0-9A-Za-z-])`);
const PSP_SECRET = 'sk_test_processor_secret_51Hx';
/** Something only the PSP's body holds: it must never reach a log. */
const PSP_BODY_MARKER = 'psp-body-marker-2c9f';
const MERCHANT_ID = '6b0d1c52-8f0e-4c3e-9a57-2f4f1e0b7d11';
const SESSION_ID = 'cs_4hT9fQ2xVbN8mWcR5yZ1aH7d';

const approvedReply = (id: unknown = 'ch_42'): PspReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ data: { charge: { id, status: 'succeeded' } }, note: PSP_BODY_MARKER }),
});

const psp = useTestPsp(() => approvedReply());

const useVault = (env?: Record<string, string>) => useVaultWithPsp(() => psp, env);

type Tokenized = { token: string; cvc_session_id: string };

async function tokenize(vault: TestVault, cardNumber = PAN, options: { production?: boolean } = {}): Promise<Tokenized> {
  const tenant = options.production ? vault.tenants.production : vault.tenants.test;
  const response = await vault.call('POST', '/tokenize', {
    key: tenant.keys.full,
    pubKey: tenant.pubKey,
    json: { type: 'card', data: { cardNumber, expirationMonth: '04', expirationYear: '2031', cvv: CVV } },
  });
  expect(response.status).toBe(201);
  return response.json;
}

function http(overrides: Partial<Extract<TProcessorConfig, { type: 'http' }>> = {}): TProcessorConfig {
  return ZProcessorConfigSchema.parse({
    type: 'http',
    url: psp.url('/v1/charges'),
    headers: { Authorization: `Bearer ${PSP_SECRET}` },
    body: { card: '${cardNumber}', cvc: '${cvv}' },
    transaction_id_path: '$.data.charge.id',
    decline_message_path: 'error.message',
    ...overrides,
  });
}

async function charge(vault: TestVault, processor: TProcessorConfig, card: Tokenized, overrides: Partial<ChargeInput> = {}) {
  return chargeWithProcessor(vault.runtime, {
    processor,
    projectId: vault.tenants.test.projectId,
    testMode: true,
    token: card.token,
    cvcSessionId: card.cvc_session_id,
    amount: '10.50',
    amountMinor: 1050n,
    currency: 'EUR',
    sessionId: SESSION_ID,
    merchantId: MERCHANT_ID,
    requestId: 'req_processor_test',
    ...overrides,
  });
}

const failedResult = { outcome: 'failed', code: 'processor_error', message: PROCESSOR_ERROR_MESSAGE };

describe('http processor', () => {
  const vault = useVault();

  describe('exact bytes the PSP receives', () => {
    // Not a real session id: artificial characters prove each format's escaping of the checkout values.
    const trickySessionId = `cs_a"b&c<d>'e f+g%h\\é`;

    it('json: every placeholder at any depth, escaped as JSON strings (a lone ${amountMinor} as a number); POST, content-type application/json, headers as given', async () => {
      const card = await tokenize(vault());
      const body = {
        amount: { value: '${amountMinor}', label: 'minor ${amountMinor}', decimal: '${amount}', currency: '${currency}' },
        reference: '${sessionId}',
        merchant: '${merchantId}',
        source: { number: '${cardNumber}', expiry: '${expirationMonth}/${expirationYear}', cvc: '${cvc}', again: ['${cvv}', 7, null, true] },
        literal: 'plain',
      };
      const result = await charge(vault(), http({ body, headers: { Authorization: `Bearer ${PSP_SECRET}`, 'X-Merchant': 'shop-1' } }), card, {
        sessionId: trickySessionId,
      });
      expect(result).toEqual({ outcome: 'approved', transactionId: 'ch_42' });
      expect(psp.received).toHaveLength(1);
      const [received] = psp.received;
      expect(received!.method).toBe('POST');
      expect(received!.path).toBe('/v1/charges');
      expect(received!.headers['content-type']).toBe('application/json');
      expect(received!.headers.authorization).toBe(`Bearer ${PSP_SECRET}`);
      expect(received!.headers['x-merchant']).toBe('shop-1');
      expectBytes(
        received,
        JSON.stringify({
          // A value that is exactly ${amountMinor} is sent as a JSON number; inside text it stays text.
          amount: { value: 1050, label: 'minor 1050', decimal: '10.50', currency: 'EUR' },
          reference: trickySessionId,
          merchant: MERCHANT_ID,
          source: { number: PAN, expiry: '04/2031', cvc: CVV, again: [CVV, 7, null, true] },
          literal: 'plain',
        }),
      );
    });

    it('form: values percent-encoded (raw and encoded placeholders), PUT, default content type', async () => {
      const card = await tokenize(vault());
      const template =
        'card%5Bnumber%5D=${cardNumber}&card%5Bcvc%5D=%24%7Bcvv%7D&card%5Bexp%5D=${expirationMonth}%2F${expirationYear}' +
        '&amount=${amountMinor}&decimal=${amount}&currency=${currency}&ref=${sessionId}&merchant=$%7BmerchantId%7d&fixed=a+b';
      const result = await charge(vault(), http({ format: 'form', method: 'PUT', body: template }), card, { sessionId: trickySessionId });
      expect(result.outcome).toBe('approved');
      const [received] = psp.received;
      expect(received!.method).toBe('PUT');
      expect(received!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expectBytes(
        received,
        `card%5Bnumber%5D=${PAN}&card%5Bcvc%5D=${CVV}&card%5Bexp%5D=04%2F2031` +
          `&amount=1050&decimal=10.50&currency=EUR&ref=cs_a%22b%26c%3Cd%3E%27e+f%2Bg%25h%5C%C3%A9&merchant=${MERCHANT_ID}&fixed=a+b`,
      );
      // The PSP decodes exactly the values.
      const form = new URLSearchParams(received!.body.toString('utf8'));
      expect(form.get('ref')).toBe(trickySessionId);
      expect(form.get('card[cvc]')).toBe(CVV);
    });

    it('xml: values entity-escaped in text and attributes; a given Content-Type and PATCH are used', async () => {
      const card = await tokenize(vault());
      const template =
        '<?xml version="1.0"?><payment ref="${sessionId}" merchant=\'${merchantId}\'><amount currency="${currency}" minor="${amountMinor}">${amount}</amount>' +
        '<card><pan>${cardNumber}</pan><exp>${expirationMonth}/${expirationYear}</exp><cvv>${cvv}</cvv></card></payment>';
      const result = await charge(
        vault(),
        http({ format: 'xml', method: 'PATCH', body: template, headers: { 'Content-Type': 'text/xml; charset=utf-8', Authorization: `Basic ${PSP_SECRET}` } }),
        card,
        { sessionId: trickySessionId },
      );
      expect(result.outcome).toBe('approved');
      const [received] = psp.received;
      expect(received!.method).toBe('PATCH');
      expect(received!.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(received!.headers.authorization).toBe(`Basic ${PSP_SECRET}`);
      expectBytes(
        received,
        `<?xml version="1.0"?><payment ref="cs_a&quot;b&amp;c&lt;d&gt;&apos;e f+g%h\\é" merchant='${MERCHANT_ID}'><amount currency="EUR" minor="1050">10.50</amount>` +
          `<card><pan>${PAN}</pan><exp>04/2031</exp><cvv>${CVV}</cvv></card></payment>`,
      );
    });
  });

  describe('result mapping', () => {
    it('approved: the transaction id from a nested path (string or number)', async () => {
      psp.reply(() => approvedReply(90210));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual({ outcome: 'approved', transactionId: '90210' });
    });

    it('a transaction id containing the CVV digits is returned as sent (read before masking)', async () => {
      psp.reply(() => approvedReply(`ch_${CVV}`));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual({ outcome: 'approved', transactionId: `ch_${CVV}` });
      psp.reply(() => approvedReply(Number(CVV)));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual({ outcome: 'approved', transactionId: CVV });
    });

    it('success rule holds → approved; fails → declined with the PSP message', async () => {
      const rule = http({ success: { path: '$.data.charge.status', equals: 'succeeded' } });
      expect(await charge(vault(), rule, await tokenize(vault()))).toEqual({ outcome: 'approved', transactionId: 'ch_42' });
      psp.reply(() => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { charge: { id: 'ch_43', status: 'requires_action' } }, error: { message: 'Authentication required' } }),
      }));
      expect(await charge(vault(), rule, await tokenize(vault()))).toEqual({ outcome: 'declined', code: 'card_declined', message: 'Authentication required' });
    });

    it('4xx → declined with the message at decline_message_path (masked), or the default message', async () => {
      psp.reply(() => ({ status: 402, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: `Card ${PAN} was refused (cvc ${CVV})` } }) }));
      const result = await charge(vault(), http(), await tokenize(vault()));
      expect(result).toEqual({ outcome: 'declined', code: 'card_declined', message: 'Card 400005******5556 was refused (cvc ***)' });

      psp.reply(() => ({ status: 422, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'do_not_honor' }) }));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual({ outcome: 'declined', code: 'card_declined', message: CARD_DECLINED_MESSAGE });

      psp.reply(() => ({ status: 400, headers: { 'content-type': 'text/html' }, body: '<h1>Bad Request</h1>' }));
      const { decline_message_path: _path, ...withoutPath } = http() as Extract<TProcessorConfig, { type: 'http' }>;
      expect(await charge(vault(), withoutPath, await tokenize(vault()))).toEqual({ outcome: 'declined', code: 'card_declined', message: CARD_DECLINED_MESSAGE });
    });

    it('5xx → processor_error', async () => {
      psp.reply(() => ({ status: 503, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { charge: { id: 'ch_1' } } }) }));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual(failedResult);
    });

    it('a redirect is not followed → processor_error, one request only', async () => {
      psp.reply(() => ({ status: 302, headers: { location: psp.url('/elsewhere') } }));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual(failedResult);
      expect(psp.received).toHaveLength(1);
    });

    it('2xx without a transaction id → processor_error', async () => {
      psp.reply(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { charge: {} } }) }));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual(failedResult);
      psp.reply(() => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'OK' }));
      expect(await charge(vault(), http(), await tokenize(vault()))).toEqual(failedResult);
    });

    it('connection refused → processor_error', async () => {
      const url = `https://localhost:${await closedLoopbackPort()}/charge`;
      expect(await charge(vault(), http({ url }), await tokenize(vault()))).toEqual(failedResult);
    });

    it('a template placeholder the token has no value for (${accountNumber} on a card) → processor_error, nothing sent', async () => {
      expect(await charge(vault(), http({ body: { a: '${accountNumber}' } }), await tokenize(vault()))).toEqual(failedResult);
      expect(psp.received).toHaveLength(0);
    });

    it('a stored configuration that no longer validates → processor_error, nothing sent', async () => {
      const broken = { ...(http() as object), method: 'GET' } as unknown as TProcessorConfig;
      expect(await charge(vault(), broken, await tokenize(vault()))).toEqual(failedResult);
      expect(psp.received).toHaveLength(0);
    });
  });

  describe('CVC sessions', () => {
    it('are single-use: a second charge with the same session fails without contacting the PSP', async () => {
      const card = await tokenize(vault());
      expect((await charge(vault(), http(), card)).outcome).toBe('approved');
      expect(await charge(vault(), http(), card)).toEqual({ outcome: 'failed', code: 'processor_error', message: CVC_UNAVAILABLE_MESSAGE });
      expect(psp.received).toHaveLength(1);
    });

    it('are consumed even when the PSP then fails (as in the proxy)', async () => {
      const card = await tokenize(vault());
      psp.reply(() => ({ status: 500 }));
      expect(await charge(vault(), http(), card)).toEqual(failedResult);
      psp.reply(() => approvedReply());
      expect(await charge(vault(), http(), card)).toEqual({ outcome: 'failed', code: 'processor_error', message: CVC_UNAVAILABLE_MESSAGE });
      expect(psp.received).toHaveLength(1);
    });

    it("another token's session fails the attempt and is left intact", async () => {
      const first = await tokenize(vault());
      const second = await tokenize(vault());
      const mixed = { token: first.token, cvc_session_id: second.cvc_session_id };
      expect(await charge(vault(), http(), mixed)).toEqual({ outcome: 'failed', code: 'processor_error', message: CVC_UNAVAILABLE_MESSAGE });
      expect((await charge(vault(), http(), second)).outcome).toBe('approved');
    });

    it('two concurrent charges with one session: exactly one reaches the PSP', async () => {
      const card = await tokenize(vault());
      const results = await Promise.all([charge(vault(), http(), card), charge(vault(), http(), card)]);
      expect(results.map((result) => result.outcome).sort()).toEqual(['approved', 'failed']);
      expect(psp.received).toHaveLength(1);
    });
  });

  describe('programming errors throw', () => {
    it('an unknown token, or a token of another project', async () => {
      const card = await tokenize(vault());
      await expect(charge(vault(), http(), { ...card, token: 'tok_0000000000000000000000' })).rejects.toMatchObject({ code: 'token_not_found' });
      await expect(charge(vault(), http(), card, { projectId: vault().tenants.other.projectId })).rejects.toMatchObject({ code: 'token_not_found' });
      expect(psp.received).toHaveLength(0);
    });

    it('an unknown project', async () => {
      await expect(charge(vault(), http(), await tokenize(vault()), { projectId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/unknown project/);
    });
  });

  it('logs carry ids, outcome and reason, never the card number, CVV, PSP header value or PSP body', async () => {
    psp.reply(() => ({ status: 402, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: `No ${PSP_BODY_MARKER}` } }) }));
    await charge(vault(), http(), await tokenize(vault()));
    psp.reply(() => approvedReply());
    await charge(vault(), http({ format: 'form', body: `n=\${cardNumber}&c=\${cvv}&m=${PSP_BODY_MARKER}` }), await tokenize(vault()));
    const logs = vault().logs.join('\n');
    expect(logs).toContain('"reason":"psp_4xx"');
    expect(logs).toContain('"checkoutSessionId":"' + SESSION_ID + '"');
    expect(logs).toContain('"requestId":"req_processor_test"');
    expect(logs).not.toContain(PAN);
    expect(logs).not.toMatch(cvvPattern);
    expect(logs).not.toContain(PSP_SECRET);
    expect(logs).not.toContain(PSP_BODY_MARKER);
  });
});

describe('http processor — localhost not allow-listed', () => {
  const vault = useVault({ PROXY_ALLOWED_PRIVATE_HOSTS: '' });

  it('a host name resolving to loopback is refused at connect time → processor_error, the PSP receives nothing', async () => {
    const result = await charge(vault(), http(), await tokenize(vault()));
    expect(result).toEqual(failedResult);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(psp.received).toHaveLength(0);
    expect(vault().logs.join('\n')).toContain('"reason":"refused_address"');
  });

  it('an IP literal is refused before anything happens: the CVC session is left for a retry', async () => {
    const card = await tokenize(vault());
    const processor = { ...(http() as object), url: `https://127.0.0.1:${psp.port}/v1/charges` } as TProcessorConfig;
    expect(await charge(vault(), processor, card)).toEqual(failedResult);
    expect(psp.received).toHaveLength(0);
    expect(await charge(vault(), { type: 'sandbox' }, card)).toMatchObject({ outcome: 'approved' });
  });
});

describe('http processor — timeout', () => {
  const vault = useVault({ PROXY_TIMEOUT_MS: '300' });

  it('a PSP that never answers → processor_error within the time-out', async () => {
    psp.reply(() => ({ hang: true }));
    const started = Date.now();
    expect(await charge(vault(), http(), await tokenize(vault()))).toEqual(failedResult);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(psp.received).toHaveLength(1);
    expect(vault().logs.join('\n')).toContain('"reason":"timeout"');
  });
});

describe('sandbox processor', () => {
  const vault = useVault();
  const sandbox: TProcessorConfig = { type: 'sandbox' };

  it.each([
    ['4000000000000002', { outcome: 'declined', code: 'card_declined', message: 'Your card was declined' }],
    ['4000000000009995', { outcome: 'declined', code: 'insufficient_funds', message: 'Insufficient funds' }],
    ['4000000000000119', { outcome: 'failed', code: 'processor_error', message: 'The payment processor could not complete the payment' }],
  ])('%s → %j', async (cardNumber, expected) => {
    expect(await charge(vault(), sandbox, await tokenize(vault(), cardNumber))).toEqual(expected);
  });

  it.each(['4242424242424242', '5555555555554444', '378282246310005', PAN])('%s (any other valid number) → approved with sbx_ + 24 base62', async (cardNumber) => {
    const result = await charge(vault(), sandbox, await tokenize(vault(), cardNumber));
    expect(result.outcome).toBe('approved');
    expect(result.outcome === 'approved' && result.transactionId).toMatch(/^sbx_[0-9A-Za-z]{24}$/);
  });

  it('transaction ids are unique', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const result = await charge(vault(), sandbox, await tokenize(vault(), '4242424242424242'));
      if (result.outcome === 'approved') ids.add(result.transactionId);
    }
    expect(ids.size).toBe(5);
  });

  it('takes the CVC session like the proxy: single-use', async () => {
    const card = await tokenize(vault(), '4242424242424242');
    expect((await charge(vault(), sandbox, card)).outcome).toBe('approved');
    expect(await charge(vault(), sandbox, card)).toEqual({ outcome: 'failed', code: 'processor_error', message: CVC_UNAVAILABLE_MESSAGE });
    // …and the proxy agrees the session is gone.
    const proxied = await vault().call('POST', '/proxy/transaction', {
      json: { token: card.token, cvc_session_id: card.cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' } },
    });
    expect(proxied.status).toBe(404);
    expect(psp.received).toHaveLength(0);
  });

  it('is refused in a production project (or without test mode), before the CVC session is touched', async () => {
    const production = vault().tenants.production;
    const card = await tokenize(vault(), '4242424242424242', { production: true });
    await expect(charge(vault(), sandbox, card, { projectId: production.projectId, testMode: false })).rejects.toThrow(/only available in test projects/);
    // A caller claiming test mode for a production project is refused too: the project decides.
    await expect(charge(vault(), sandbox, card, { projectId: production.projectId, testMode: true })).rejects.toThrow(/only available in test projects/);
    const testCard = await tokenize(vault(), '4242424242424242');
    await expect(charge(vault(), sandbox, testCard, { testMode: false })).rejects.toThrow(/only available in test projects/);
    // The production session is still there: the proxy can use it once.
    const proxied = await vault().call('POST', '/proxy/transaction', {
      key: production.keys.full,
      json: { token: card.token, cvc_session_id: card.cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' } },
    });
    expect(proxied.status).toBe(200);
    expectBytes(psp.received[0], JSON.stringify({ c: CVV }));
  });

  it('never logs the card number or CVV', async () => {
    await charge(vault(), sandbox, await tokenize(vault(), PAN));
    const logs = vault().logs.join('\n');
    expect(logs).toContain('"processor":"sandbox"');
    expect(logs).not.toContain(PAN);
    expect(logs).not.toMatch(cvvPattern);
  });
});
