// POST /proxy/transaction: the exact bytes the PSP receives (JSON, form, XML), the response envelope and
// its masking, the spec's error table, the security table and the audit trail. All traffic is loopback:
// the PSP is a local HTTPS server reached as https://localhost:PORT (allow-listed in the default env).
import { request as httpRequest } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedLoopbackPort, expectBytes, useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import { startTestPsp, type PspReply, type ReceivedRequest } from '../helpers/psp-server';
import { type ApiResponse, type CallOptions, type TestVault } from '../helpers/test-vault';
import { refusedKeys } from '../helpers/fixtures';

const PAN = '4242424242424242';
const CANARY_PAN = '4000056655665556';
const CANARY_CVV = '7391';
/** The CVV as a standalone digit run (ids and hashes are hex, so a bare substring test could misfire). */
const canaryCvvPattern = new RegExp(`(?<![0-9A-Za-z-])${CANARY_CVV}(?![0-9A-Za-z-])`);

const echo = (request: ReceivedRequest): PspReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ok: true, method: request.method, path: request.path, received: request.body.toString('utf8') }),
});

const psp = useTestPsp(echo);

const useVault = (env?: Record<string, string>) => useVaultWithPsp(() => psp, env);

type Card = { cardNumber?: string; expirationMonth?: string; expirationYear?: string; cvv?: string };

async function tokenizeCard(vault: TestVault, data: Card = {}, options: CallOptions = {}): Promise<{ token: string; cvc_session_id?: string }> {
  const response = await vault.call('POST', '/tokenize', {
    json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030', ...data } },
    ...options,
  });
  expect(response.status).toBe(201);
  return response.json;
}

const proxy = (vault: TestVault, json: unknown, options: CallOptions = {}) => vault.call('POST', '/proxy/transaction', { json, ...options });

function expectError(response: ApiResponse, status: number, code: string, message: string) {
  expect({ status: response.status, error: response.json?.error && { code: response.json.error.code, message: response.json.error.message } }).toEqual({
    status,
    error: { code, message },
  });
  expect(response.json).toMatchObject({ success: false, request_id: response.headers.get('x-request-id') });
}

function receivedText(index = 0): string {
  const request = psp.received[index];
  if (!request) throw new Error(`the PSP received ${psp.received.length} request(s)`);
  return request.body.toString('utf8');
}

describe('POST /proxy/transaction', () => {
  const vault = useVault();

  describe('JSON — exact bytes forwarded', () => {
    it('replaces every card placeholder at any depth; compact JSON; content-type application/json; POST by default', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const requestData = {
        amount: 1000,
        currency: 'EUR',
        capture: true,
        metadata: null,
        source: {
          number: '${cardNumber}',
          expiry: { month: '${expirationMonth}', year: '${expirationYear}' },
          security: { cvv: '${cvv}' },
        },
        checks: ['${cvc}', { pan_again: ['x ${cardNumber} y'], both: '${expirationMonth}/${expirationYear}' }, 7],
      };
      const response = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url('/v1/charges?x=1'), request_data: requestData });
      expect(response.status).toBe(200);
      expect(psp.received).toHaveLength(1);
      const [received] = psp.received;
      expect(received!.method).toBe('POST');
      expect(received!.path).toBe('/v1/charges?x=1');
      expect(received!.headers['content-type']).toBe('application/json');
      const expected = {
        amount: 1000,
        currency: 'EUR',
        capture: true,
        metadata: null,
        source: { number: PAN, expiry: { month: '12', year: '2030' }, security: { cvv: '123' } },
        checks: ['123', { pan_again: [`x ${PAN} y`], both: '12/2030' }, 7],
      };
      expectBytes(received, JSON.stringify(expected));
      expect(received!.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(expected))));
    });

    it('re-serialises the caller\'s JSON compactly, whatever its whitespace and escapes', async () => {
      const { token } = await tokenizeCard(vault());
      const raw = `{\n  "token": "${token}",\n  "proxy_url": "${psp.url()}",\n  "request_data": {\n    "name": "\\u00e9l\\u00e8ve",\n    "n": "\${cardNumber}"\n  }\n}`;
      const response = await vault().call('POST', '/proxy/transaction', { body: raw, headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(200);
      expectBytes(psp.received[0], `{"name":"élève","n":"${PAN}"}`);
    });

    it('keeps tricky literal text around placeholders intact and correctly escaped; unknown ${...} left alone', async () => {
      const { token } = await tokenizeCard(vault());
      const requestData = {
        memo: 'a"b\\c</x>&é ${cardNumber}',
        template: '${amount} ${cardNumber}${cardNumber}',
        emoji: '😀\n\t${expirationYear}\u2028',
        '${cardNumber}': 'placeholders in keys are not replaced',
      };
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: requestData });
      expect(response.status).toBe(200);
      const expected = {
        memo: `a"b\\c</x>&é ${PAN}`,
        template: `\${amount} ${PAN}${PAN}`,
        emoji: '😀\n\t2030\u2028',
        '${cardNumber}': 'placeholders in keys are not replaced',
      };
      expectBytes(psp.received[0], JSON.stringify(expected));
      expect(receivedText()).toContain('"memo":"a\\"b\\\\c</x>&é 4242424242424242"');
    });

    it('forwards http_headers but drops hop-by-hop ones, Host and Content-Length', async () => {
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), {
        token,
        proxy_url: psp.url(),
        request_data: { n: '${cardNumber}' },
        http_headers: {
          Authorization: 'Bearer sk_psp_secret',
          'X-Custom': 'custom value',
          'Idempotency-Key-PSP': 'abc',
          Connection: 'close',
          'Transfer-Encoding': 'chunked',
          Host: 'evil.invalid',
          'Content-Length': '3',
          'Proxy-Authorization': 'Basic eDp5',
          'Keep-Alive': 'timeout=5',
          Upgrade: 'websocket',
          TE: 'trailers',
        },
      });
      expect(response.status).toBe(200);
      const [received] = psp.received;
      expectBytes(received, `{"n":"${PAN}"}`);
      const headers = received!.headers;
      expect(headers.authorization).toBe('Bearer sk_psp_secret');
      expect(headers['x-custom']).toBe('custom value');
      expect(headers['idempotency-key-psp']).toBe('abc');
      expect(headers.host).toBe(`localhost:${psp.port}`);
      expect(headers['content-length']).toBe(String(`{"n":"${PAN}"}`.length));
      expect(headers['content-type']).toBe('application/json');
      for (const name of ['transfer-encoding', 'proxy-authorization', 'keep-alive', 'upgrade', 'te', 'x-api-key', 'x-pub-key']) {
        expect(headers, name).not.toHaveProperty(name);
      }
      expect(headers.connection).not.toBe('close');
    });

    it('a content-type given in http_headers is used instead of application/json', async () => {
      const { token } = await tokenizeCard(vault());
      await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' }, http_headers: { 'Content-Type': 'application/vnd.psp+json' } });
      expect(psp.received[0]!.headers['content-type']).toBe('application/vnd.psp+json');
      expectBytes(psp.received[0], `{"n":"${PAN}"}`);
    });

    it.each(['PUT', 'PATCH', 'DELETE', 'post', 'patch'])('http_method %s is honoured, with the body', async (method) => {
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url('/v1/x'), request_data: { n: '${cardNumber}', m: '${expirationMonth}' }, http_method: method });
      expect(response.status).toBe(200);
      expect(psp.received).toHaveLength(1);
      expect(psp.received[0]!.method).toBe(method.toUpperCase());
      expectBytes(psp.received[0], `{"n":"${PAN}","m":"12"}`);
    });

    it('GET sends no body and no content-type', async () => {
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url('/v1/cards/1'), request_data: { n: '${cardNumber}' }, http_method: 'GET', http_headers: { 'X-Custom': 'g' } });
      expect(response.status).toBe(200);
      expect(psp.received).toHaveLength(1);
      const [received] = psp.received;
      expect(received!.method).toBe('GET');
      expect(received!.path).toBe('/v1/cards/1');
      expect(received!.body.length).toBe(0);
      expect(received!.headers).not.toHaveProperty('content-type');
      expect(received!.headers).not.toHaveProperty('transfer-encoding');
      expect(received!.headers['x-custom']).toBe('g');
    });

    it('a bank token fills ${accountNumber} and ${routingNumber}', async () => {
      const created = await vault().call('POST', '/tokenize', {
        json: { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe' } },
      });
      expect(created.status).toBe(201);
      const response = await proxy(vault(), {
        token: created.json.token,
        proxy_url: psp.url('/ach'),
        request_data: { bank_account: { account_number: '${accountNumber}', routing_number: '${routingNumber}' }, both: '${routingNumber}:${accountNumber}' },
      });
      expect(response.status).toBe(200);
      expectBytes(psp.received[0], JSON.stringify({ bank_account: { account_number: '000123456789', routing_number: '110000000' }, both: '110000000:000123456789' }));
      // The account number is masked in what comes back (the PSP echoed it).
      expect(response.text).not.toContain('000123456789');
    });

    it('a bank token cannot fill ${cardNumber}: 400, nothing forwarded', async () => {
      const created = await vault().call('POST', '/tokenize', { json: { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000' } } });
      const response = await proxy(vault(), { token: created.json.token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
      expectError(response, 400, 'validation_error', 'The token has no value for the ${cardNumber} placeholder');
      expect(psp.received).toHaveLength(0);
    });
  });

  describe('form-encoded — exact bytes forwarded', () => {
    const formBody = 'amount=10.00&card%5Bnumber%5D=${cardNumber}&card[cvc]=%24%7Bcvc%7D&note=a+b%26c';
    const forwarded = `amount=10.00&card%5Bnumber%5D=${PAN}&card[cvc]=123&note=a+b%26c`;

    function expectFormForwarded(response: ApiResponse) {
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(true);
      expect(psp.received).toHaveLength(1);
      const [received] = psp.received;
      expect(received!.method).toBe('POST');
      expect(received!.path).toBe('/form');
      expect(received!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expectBytes(received, forwarded);
      expect(received!.headers.host).toBe(`localhost:${psp.port}`);
      expect(received!.headers['content-length']).toBe(String(Buffer.byteLength(forwarded)));
      // accept-encoding is dropped too: the PSP's answer must come back uncompressed to be masked.
      for (const name of ['x-api-key', 'x-token', 'x-proxy-url', 'x-cvc-session-id', 'x-pub-key', 'cookie', 'accept-encoding', 'x-forwarded-for']) {
        expect(received!.headers, name).not.toHaveProperty(name);
      }
    }

    it('(a) token, proxy URL and CVC session in X-Token / X-Proxy-URL / X-CVC-Session-ID', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const response = await vault().call('POST', '/proxy/transaction', {
        body: formBody,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-token': token,
          'x-proxy-url': psp.url('/form'),
          'x-cvc-session-id': cvc_session_id!,
          authorization: 'Basic cHNwOnNlY3JldA==',
          'x-psp-version': '2024-01',
        },
      });
      expectFormForwarded(response);
      expect(psp.received[0]!.headers.authorization).toBe('Basic cHNwOnNlY3JldA==');
      expect(psp.received[0]!.headers['x-psp-version']).toBe('2024-01');
    });

    it('(b) token, proxy URL and CVC session as query parameters', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const query = new URLSearchParams({ token, proxy_url: psp.url('/form'), cvc_session_id: cvc_session_id! });
      const response = await vault().call('POST', `/proxy/transaction?${query}`, {
        body: formBody,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer psp' },
      });
      expectFormForwarded(response);
      expect(psp.received[0]!.headers.authorization).toBe('Bearer psp');
    });

    it('(c) token, proxy URL and CVC session as form fields, stripped before forwarding', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const body =
        `token=${token}&amount=10.00&proxy_url=${encodeURIComponent(psp.url('/form'))}&card%5Bnumber%5D=\${cardNumber}` +
        `&card[cvc]=%24%7Bcvc%7D&cvc_session_id=${cvc_session_id}&note=a+b%26c`;
      const response = await vault().call('POST', '/proxy/transaction', { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expectFormForwarded(response);
    });

    it('keeps a charset parameter in the forwarded content type', async () => {
      const { token } = await tokenizeCard(vault());
      const response = await vault().call('POST', '/proxy/transaction', {
        body: 'n=${cardNumber}&m=${expirationMonth}',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'x-token': token, 'x-proxy-url': psp.url() },
      });
      expect(response.status).toBe(200);
      expect(psp.received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
      expectBytes(psp.received[0], `n=${PAN}&m=12`);
    });

    it('drops the vault\'s own and hop-by-hop request headers sent by a raw client', async () => {
      const { token } = await tokenizeCard(vault());
      const target = new URL(`${vault().url}/proxy/transaction`);
      const body = 'n=${cardNumber}';
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: target.port,
            path: target.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(body.length),
              'x-api-key': vault().tenants.test.keys.full,
              'x-pub-key': 'pk_should_not_leak',
              'x-token': token,
              'x-proxy-url': psp.url(),
              'proxy-authorization': 'Basic eDp5',
              'keep-alive': 'timeout=5',
              te: 'trailers',
              cookie: 'session=abc',
              'x-forwarded-for': '198.51.100.7',
              'x-request-id': 'req-123',
              'x-kept': 'yes',
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      expect(status, text).toBe(200);
      const [received] = psp.received;
      expectBytes(received, `n=${PAN}`);
      expect(received!.headers['x-kept']).toBe('yes');
      expect(received!.headers.host).toBe(`localhost:${psp.port}`);
      for (const name of ['x-api-key', 'x-pub-key', 'x-token', 'x-proxy-url', 'proxy-authorization', 'keep-alive', 'te', 'cookie', 'x-forwarded-for', 'x-request-id']) {
        expect(received!.headers, name).not.toHaveProperty(name);
      }
    });

    it('the proxy URL rules apply to X-Proxy-URL too', async () => {
      const { token } = await tokenizeCard(vault());
      for (const url of [`https://127.0.0.1:${psp.port}/form`, `http://localhost:${psp.port}/form`]) {
        const response = await vault().call('POST', '/proxy/transaction', {
          body: 'n=${cardNumber}',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': url },
        });
        expectError(response, 400, 'invalid_proxy_url', 'Invalid proxy URL');
      }
      expect(psp.received).toHaveLength(0);
    });

    it('a form field or header is missing → 400 naming it, nothing forwarded', async () => {
      const { token } = await tokenizeCard(vault());
      const noToken = await vault().call('POST', '/proxy/transaction', { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-proxy-url': psp.url() } });
      expect(noToken.status).toBe(400);
      expect(noToken.json.error.code).toBe('validation_error');
      expect(noToken.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['token']);
      const noUrl = await vault().call('POST', '/proxy/transaction', { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token } });
      expect(noUrl.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['proxy_url']);
      const badSession = await vault().call('POST', '/proxy/transaction', {
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': psp.url(), 'x-cvc-session-id': 'nope' },
      });
      expect(badSession.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['cvc_session_id']);
      expect(psp.received).toHaveLength(0);
    });
  });

  describe('XML — exact bytes forwarded', () => {
    it('substitutes inside the document and forwards it with its content type', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '456' });
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n<payment amount="10.00"><card><number>${cardNumber}</number>' +
        '<cvv>${cvv}</cvv><exp m="${expirationMonth}" y=\'${expirationYear}\'/></card><memo>a &amp; b &lt; c é</memo></payment>';
      const response = await vault().call('POST', '/proxy/transaction', {
        body: xml,
        headers: { 'content-type': 'application/xml', 'x-token': token, 'x-proxy-url': psp.url('/xml'), 'x-cvc-session-id': cvc_session_id!, 'soapaction': 'Pay' },
      });
      expect(response.status).toBe(200);
      expect(psp.received).toHaveLength(1);
      const [received] = psp.received;
      expect(received!.headers['content-type']).toBe('application/xml');
      expect(received!.headers.soapaction).toBe('Pay');
      expect(received!.headers).not.toHaveProperty('x-token');
      expectBytes(
        received,
        '<?xml version="1.0" encoding="UTF-8"?>\n<payment amount="10.00"><card><number>4242424242424242</number>' +
          '<cvv>456</cvv><exp m="12" y=\'2030\'/></card><memo>a &amp; b &lt; c é</memo></payment>',
      );
    });

    it('text/xml with the token in the query', async () => {
      const { token } = await tokenizeCard(vault());
      const query = new URLSearchParams({ token, proxy_url: psp.url('/soap') });
      const response = await vault().call('POST', `/proxy/transaction?${query}`, {
        body: '<n>${cardNumber}</n>',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
      });
      expect(response.status).toBe(200);
      expect(psp.received[0]!.headers['content-type']).toBe('text/xml; charset=utf-8');
      expectBytes(psp.received[0], `<n>${PAN}</n>`);
    });
  });

  describe('response', () => {
    it('a JSON PSP answer comes back parsed, with its status and headers', async () => {
      psp.reply(() => ({ status: 201, headers: { 'content-type': 'application/json; charset=utf-8', 'x-psp-request-id': 'psp_42' }, body: '{"id":"ch_1","status":"succeeded","amount":1000}' }));
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({
        success: true,
        proxy_response: {
          status_code: 201,
          headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8', 'x-psp-request-id': 'psp_42' }),
          body: { id: 'ch_1', status: 'succeeded', amount: 1000 },
        },
      });
    });

    it('a non-JSON PSP answer comes back as a string', async () => {
      psp.reply(() => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'APPROVED ref=AB12' }));
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(true);
      expect(response.json.proxy_response.status_code).toBe(200);
      expect(response.json.proxy_response.body).toBe('APPROVED ref=AB12');
    });

    it('declared JSON that is not JSON comes back as a string', async () => {
      psp.reply(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '<html>oops</html>' }));
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: {} });
      expect(response.json.proxy_response.body).toBe('<html>oops</html>');
    });

    it.each([
      [402, '{"error":"card_declined"}', { error: 'card_declined' }],
      [500, '{"error":"psp_down"}', { error: 'psp_down' }],
      [404, '', ''],
    ])('a PSP %i is still a 200 with success false', async (status, body, parsed) => {
      psp.reply(() => ({ status, headers: { 'content-type': 'application/json' }, body }));
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ success: false, proxy_response: { status_code: status, headers: expect.any(Object), body: parsed } });
    });

    it('masks the PAN and CVV the PSP echoes, in the body and in headers', async () => {
      psp.reply((request) => ({
        ...echo(request),
        headers: { 'content-type': 'application/json', 'x-echo-pan': `card ${CANARY_PAN}`, 'x-echo-cvv': CANARY_CVV, [`x-${CANARY_PAN}`]: 'name' },
      }));
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cardNumber: CANARY_PAN, cvv: CANARY_CVV });
      const response = await proxy(vault(), {
        token,
        cvc_session_id,
        proxy_url: psp.url(),
        request_data: { number: '${cardNumber}', cvv: '${cvv}', spaced: 'x' },
      });
      expect(response.status).toBe(200);
      // The PSP did get the real values…
      expectBytes(psp.received[0], `{"number":"${CANARY_PAN}","cvv":"${CANARY_CVV}","spaced":"x"}`);
      // …the caller gets them masked.
      expect(response.text).not.toContain(CANARY_PAN);
      expect(response.text).not.toMatch(canaryCvvPattern);
      const { proxy_response } = response.json;
      expect(proxy_response.body).toEqual({ ok: true, method: 'POST', path: '/charge', received: '{"number":"400005******5556","cvv":"***","spaced":"x"}' });
      expect(proxy_response.headers['x-echo-pan']).toBe('card 400005******5556');
      expect(proxy_response.headers['x-echo-cvv']).toBe('***');
      expect(proxy_response.headers).toHaveProperty('x-400005******5556', 'name');
    });

    it('masks a PAN the PSP formats with spaces, and JSON numbers equal to a secret', async () => {
      psp.reply(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: `{"pan":"4000 0566 5566 5556","cvc":${CANARY_CVV},"n":${CANARY_PAN}}` }));
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cardNumber: CANARY_PAN, cvv: CANARY_CVV });
      const response = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' } });
      expect(response.json.proxy_response.body).toEqual({ pan: '4000 05** **** 5556', cvc: '***', n: '400005******5556' });
      expect(response.text).not.toContain(CANARY_PAN);
    });

    it('a 302 is returned, not followed', async () => {
      psp.reply(() => ({ status: 302, headers: { location: psp.url('/elsewhere'), 'content-type': 'text/plain' }, body: 'moved' }));
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: psp.url('/start'), request_data: { n: '${cardNumber}' } });
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(false);
      expect(response.json.proxy_response.status_code).toBe(302);
      expect(response.json.proxy_response.headers.location).toBe(psp.url('/elsewhere'));
      expect(response.json.proxy_response.body).toBe('moved');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(psp.received.map((request) => request.path)).toEqual(['/start']);
    });
  });

  describe('errors', () => {
    const invalidUrls: [string, (port: number) => string][] = [
      ['http:// scheme', (port) => `http://localhost:${port}/charge`],
      ['userinfo', (port) => `https://user:pass@localhost:${port}/charge`],
      ['user only', (port) => `https://user@localhost:${port}/charge`],
      ['127.1 shorthand', (port) => `https://127.1:${port}/charge`],
      ['127.0.0.1', (port) => `https://127.0.0.1:${port}/charge`],
      ['[::1]', (port) => `https://[::1]:${port}/charge`],
      ['IPv4-mapped loopback', (port) => `https://[::ffff:7f00:1]:${port}/charge`],
      ['IPv4-mapped dotted', (port) => `https://[::ffff:127.0.0.1]:${port}/charge`],
      ['hex 0x7f.1', (port) => `https://0x7f.1:${port}/charge`],
      ['decimal 2130706433', (port) => `https://2130706433:${port}/charge`],
      ['octal 0177.0.0.1', (port) => `https://0177.0.0.1:${port}/charge`],
      ['not a URL', () => 'localhost/charge'],
      ['empty', () => ''],
    ];

    it.each(invalidUrls)('%s → 400 Invalid proxy URL, the PSP receives nothing', async (_name, makeUrl) => {
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: makeUrl(psp.port), request_data: { n: '${cardNumber}' } });
      expectError(response, 400, 'invalid_proxy_url', 'Invalid proxy URL');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(psp.received).toHaveLength(0);
    });

    it('an invalid proxy URL does not consume the CVC session', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const refused = await proxy(vault(), { token, cvc_session_id, proxy_url: `https://127.0.0.1:${psp.port}/`, request_data: { c: '${cvv}' } });
      expect(refused.status).toBe(400);
      const ok = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' } });
      expect(ok.status).toBe(200);
      expectBytes(psp.received[0], '{"c":"123"}');
    });

    it('unknown token → 404 Token not found', async () => {
      for (const token of ['tok_AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-token']) {
        const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
        expectError(response, 404, 'token_not_found', 'Token not found');
      }
      expect(psp.received).toHaveLength(0);
    });

    it('another project\'s token → 404 Token not found', async () => {
      const { token } = await tokenizeCard(vault(), {}, { key: vault().tenants.other.keys.full });
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
      expectError(response, 404, 'token_not_found', 'Token not found');
      // …and it works for its own project.
      const own = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } }, { key: vault().tenants.other.keys.full });
      expect(own.status).toBe(200);
      expect(psp.received).toHaveLength(1);
    });

    it.each([
      ['${cvv} in JSON', { c: '${cvv}' }],
      ['${cvc} nested in JSON', { a: [{ c: 'code ${cvc}' }] }],
    ])('%s without cvc_session_id → 400 cvc_session_required', async (_name, requestData) => {
      const { token } = await tokenizeCard(vault(), { cvv: '123' });
      const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: requestData });
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('cvc_session_required');
      expect(response.json.error.message).toMatch(/cvc_session_id is required/);
      expect(psp.received).toHaveLength(0);
    });

    it('a form body with an encoded ${cvc} and no session → 400 cvc_session_required', async () => {
      const { token } = await tokenizeCard(vault());
      const response = await vault().call('POST', '/proxy/transaction', {
        body: 'cvc=%24%7Bcvc%7D',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': psp.url() },
      });
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('cvc_session_required');
      expect(psp.received).toHaveLength(0);
    });

    it('PSP down (closed port on allow-listed localhost) → 502 Failed to proxy request', async () => {
      const port = await closedLoopbackPort();
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), { token, proxy_url: `https://localhost:${port}/charge`, request_data: { n: '${cardNumber}' } });
      expectError(response, 502, 'proxy_failed', 'Failed to proxy request');
    });

    it('PSP with an untrusted certificate → 502, nothing sent', async () => {
      const stranger = await startTestPsp();
      try {
        const { token } = await tokenizeCard(vault());
        const response = await proxy(vault(), { token, proxy_url: stranger.url(), request_data: { n: '${cardNumber}' } });
        expectError(response, 502, 'proxy_failed', 'Failed to proxy request');
        expect(stranger.received).toHaveLength(0);
      } finally {
        await stranger.close();
      }
    });

    it('PSP resets the connection → 502', async () => {
      const server = createTcpServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { token } = await tokenizeCard(vault());
        const response = await proxy(vault(), { token, proxy_url: `https://localhost:${(server.address() as AddressInfo).port}/`, request_data: {} });
        expectError(response, 502, 'proxy_failed', 'Failed to proxy request');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    const fieldsOf = (response: ApiResponse) => response.json.error.fields.map((field: { path: string }) => field.path);
    const validationTable: [string, (token: string) => unknown, string[]][] = [
      ['missing proxy_url', (token) => ({ token, request_data: {} }), ['proxy_url']],
      ['missing token', () => ({ proxy_url: psp.url(), request_data: {} }), ['token']],
      ['empty token', () => ({ token: '', proxy_url: psp.url(), request_data: {} }), ['token']],
      ['missing request_data', (token) => ({ token, proxy_url: psp.url() }), ['request_data']],
      ['request_data a string', (token) => ({ token, proxy_url: psp.url(), request_data: 'n=${cardNumber}' }), ['request_data']],
      ['request_data an array', (token) => ({ token, proxy_url: psp.url(), request_data: ['${cardNumber}'] }), ['request_data']],
      ['request_data null', (token) => ({ token, proxy_url: psp.url(), request_data: null }), ['request_data']],
      ['http_method TRACE', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_method: 'TRACE' }), ['http_method']],
      ['http_method CONNECT', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_method: 'CONNECT' }), ['http_method']],
      ['http_method a number', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_method: 1 }), ['http_method']],
      ['proxy_url not a string', (token) => ({ token, proxy_url: 42, request_data: {} }), ['proxy_url']],
      ['cvc_session_id not a UUID', (token) => ({ token, proxy_url: psp.url(), request_data: {}, cvc_session_id: 'abc' }), ['cvc_session_id']],
      ['http_headers with a number', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { 'X-N': 1 } }), ['http_headers.X-N']],
      ['http_headers value with CR LF', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { 'X-A': 'a\r\nX-Injected: 1' } }), ['http_headers.X-A']],
      ['http_headers value with NUL', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { 'X-A': 'a\u0000b' } }), ['http_headers.X-A']],
      ['http_headers value beyond Latin-1', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { 'X-A': '😀' } }), ['http_headers.X-A']],
      ['http_headers name with a space', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { 'Bad Name': 'x' } }), ['http_headers.Bad Name']],
      ['http_headers name with a colon', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { 'X-A:': 'x' } }), ['http_headers.X-A:']],
      ['http_headers empty name', (token) => ({ token, proxy_url: psp.url(), request_data: {}, http_headers: { '': 'x' } }), ['http_headers.']],
      ['unknown field', (token) => ({ token, proxy_url: psp.url(), request_data: {}, extra: 1 }), ['extra']],
      ['everything missing', () => ({}), ['token', 'proxy_url', 'request_data']],
    ];

    it.each(validationTable)('%s → 400 validation_error', async (_name, makeBody, paths) => {
      const { token } = await tokenizeCard(vault());
      const response = await proxy(vault(), makeBody(token));
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('validation_error');
      expect(fieldsOf(response)).toEqual(paths);
      expect(psp.received).toHaveLength(0);
    });

    it('a header the HTTP client would refuse is the caller\'s 400, sent nowhere, and leaves the CVC session usable', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const bad = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' }, http_headers: { 'X-A': 'a\r\nX-Injected: 1' } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.code).toBe('validation_error');
      expect(psp.received).toHaveLength(0);
      const ok = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' }, http_headers: { 'X-A': 'tab\tand Latin-1 é are fine' } });
      expect(ok.status).toBe(200);
      expectBytes(psp.received[0], '{"c":"123"}');
      expect(psp.received[0]!.headers['x-a']).toBe('tab\tand Latin-1 é are fine');
    });

    it('malformed JSON → 400 invalid_json', async () => {
      const response = await vault().call('POST', '/proxy/transaction', { body: '{"token":', headers: { 'content-type': 'application/json' } });
      expectError(response, 400, 'invalid_json', 'Request body is not valid JSON');
    });

    it.each([
      ['text/plain', { 'content-type': 'text/plain' }],
      ['no content type', {}],
      ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ])('%s → 415', async (_name, headers) => {
      const { token } = await tokenizeCard(vault());
      const response = await vault().call('POST', '/proxy/transaction', {
        body: JSON.stringify({ token, proxy_url: psp.url(), request_data: {} }),
        headers: { ...headers, 'x-token': token, 'x-proxy-url': psp.url() },
      });
      expect(response.status).toBe(415);
      expect(response.json.error.code).toBe('unsupported_media_type');
      expect(psp.received).toHaveLength(0);
    });

    it('GET /proxy/transaction → 405 with Allow: POST', async () => {
      const response = await vault().call('GET', '/proxy/transaction');
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });
  });

  describe('security', () => {
    const table = refusedKeys(vault);

    it.each(table)('%s → %i %s, nothing forwarded, the CVC session kept', async (_name, status, message, key) => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' });
      const body = { token, cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' } };
      const response = await proxy(vault(), body, { key: key() });
      expect(response.status).toBe(status);
      expect(response.json).toEqual({ success: false, error: { code: expect.any(String), message }, request_id: response.headers.get('x-request-id') });
      expect(psp.received).toHaveLength(0);
      expect((await proxy(vault(), body)).status).toBe(200);
    });

    it('a production key does not need X-Pub-Key on the proxy', async () => {
      const { keys, pubKey } = vault().tenants.production;
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cvv: '123' }, { key: keys.full, pubKey });
      const response = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { n: '${cardNumber}', c: '${cvv}' } }, { key: keys.full });
      expect(response.status).toBe(200);
      expectBytes(psp.received[0], `{"n":"${PAN}","c":"123"}`);
    });

    it('a production key cannot use a test project\'s token, nor the reverse', async () => {
      const { keys, pubKey } = vault().tenants.production;
      const live = await tokenizeCard(vault(), {}, { key: keys.full, pubKey });
      const test = await tokenizeCard(vault());
      const fromTest = await proxy(vault(), { token: live.token, proxy_url: psp.url(), request_data: {} });
      const fromLive = await proxy(vault(), { token: test.token, proxy_url: psp.url(), request_data: {} }, { key: keys.full });
      expectError(fromTest, 404, 'token_not_found', 'Token not found');
      expectError(fromLive, 404, 'token_not_found', 'Token not found');
      expect(psp.received).toHaveLength(0);
    });
  });

  describe('audit and logs', () => {
    it('writes a proxy.transaction audit row naming the token', async () => {
      const created = await vault().call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } });
      const response = await proxy(vault(), { token: created.json.token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
      expect(response.status).toBe(200);
      const token = await vault().runtime.db.prisma.token.findUniqueOrThrow({ where: { token: created.json.token } });
      const rows = await vault().runtime.db.prisma.auditLog.findMany({ where: { requestId: response.headers.get('x-request-id')! } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'proxy.transaction',
        outcome: 'success',
        statusCode: 200,
        tokenId: token.id,
        projectId: vault().tenants.test.projectId,
        applicationId: vault().tenants.test.applicationId,
        ip: '127.0.0.1',
      });
    });

    it('records failures: unknown token (no token id), PSP failure (after the row of the token\'s read), refused key', async () => {
      const { token } = await tokenizeCard(vault());
      const tokenRow = await vault().runtime.db.prisma.token.findUniqueOrThrow({ where: { token } });
      const unknown = await proxy(vault(), { token: 'tok_BBBBBBBBBBBBBBBBBBBBBBBB', proxy_url: psp.url(), request_data: {} });
      const failed = await proxy(vault(), { token, proxy_url: `https://localhost:${await closedLoopbackPort()}/`, request_data: {} });
      const forbidden = await proxy(vault(), { token, proxy_url: psp.url(), request_data: {} }, { key: vault().tenants.test.keys.noPermission });
      const rowFor = (response: ApiResponse) => vault().runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
      expect(await rowFor(unknown)).toMatchObject({ action: 'proxy.transaction', outcome: 'failure', statusCode: 404, tokenId: null });
      // A call that reached its token has the row written with the read, then the failure's own row.
      const failedRows = await vault().runtime.db.prisma.auditLog.findMany({ where: { requestId: failed.headers.get('x-request-id')! }, orderBy: { seq: 'asc' } });
      expect(failedRows).toEqual([
        expect.objectContaining({ action: 'proxy.transaction', outcome: 'success', statusCode: 200, tokenId: tokenRow.id }),
        expect.objectContaining({ action: 'proxy.transaction', outcome: 'failure', statusCode: 502, tokenId: tokenRow.id }),
      ]);
      expect(await rowFor(forbidden)).toMatchObject({ action: 'proxy.transaction', outcome: 'failure', statusCode: 403, tokenId: null });
    });

    it('a canary PAN and CVV never reach audit rows, logs or the response', async () => {
      const { token, cvc_session_id } = await tokenizeCard(vault(), { cardNumber: CANARY_PAN, cvv: CANARY_CVV });
      const formSession = await tokenizeCard(vault(), { cardNumber: CANARY_PAN, cvv: CANARY_CVV });
      const ok = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { n: '${cardNumber}', c: '${cvv}' } });
      expect(ok.status).toBe(200);
      const form = await vault().call('POST', '/proxy/transaction', {
        body: 'n=${cardNumber}&c=${cvc}',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': formSession.token, 'x-proxy-url': psp.url(), 'x-cvc-session-id': formSession.cvc_session_id! },
      });
      expect(form.status).toBe(200);
      // The PSP got them, so the canary went all the way through.
      expectBytes(psp.received[0], `{"n":"${CANARY_PAN}","c":"${CANARY_CVV}"}`);
      expectBytes(psp.received[1], `n=${CANARY_PAN}&c=${CANARY_CVV}`);
      // Failures with the canary in flight.
      const timeoutish = await proxy(vault(), { token, proxy_url: `https://localhost:${await closedLoopbackPort()}/`, request_data: { n: '${cardNumber}' } });
      expect(timeoutish.status).toBe(502);
      const reused = await proxy(vault(), { token, cvc_session_id, proxy_url: psp.url(), request_data: { c: '${cvv}' } });
      expect(reused.status).toBe(404);

      for (const response of [ok, form, timeoutish, reused]) {
        expect(response.text).not.toContain(CANARY_PAN);
        expect(response.text).not.toMatch(canaryCvvPattern);
      }
      const audit = JSON.stringify(await vault().runtime.db.prisma.auditLog.findMany());
      expect(audit).toContain('proxy.transaction');
      expect(audit).not.toContain(CANARY_PAN);
      expect(audit).not.toMatch(canaryCvvPattern);
      const logs = vault().logs.join('\n');
      expect(logs).not.toContain(CANARY_PAN);
      expect(logs).not.toMatch(canaryCvvPattern);
    });
  });
});

describe('POST /proxy/transaction — localhost not allow-listed', () => {
  const vault = useVault({ PROXY_ALLOWED_PRIVATE_HOSTS: '' });

  it('a DNS name resolving to loopback → 400 Invalid proxy URL, the PSP receives nothing', async () => {
    const { token } = await tokenizeCard(vault());
    const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
    expectError(response, 400, 'invalid_proxy_url', 'Invalid proxy URL');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(psp.received).toHaveLength(0);
  });

  it.each([
    ['LOCALHOST', (port: number) => `https://LOCALHOST:${port}/`],
    ['127.0.0.1', (port: number) => `https://127.0.0.1:${port}/`],
  ])('%s → 400 as well', async (_name, makeUrl) => {
    const { token } = await tokenizeCard(vault());
    const response = await proxy(vault(), { token, proxy_url: makeUrl(psp.port), request_data: {} });
    expectError(response, 400, 'invalid_proxy_url', 'Invalid proxy URL');
    expect(psp.received).toHaveLength(0);
  });
});

describe('POST /proxy/transaction — timeout', () => {
  const vault = useVault({ PROXY_TIMEOUT_MS: '300' });

  it('a PSP that never answers → 504 Request timeout', async () => {
    psp.reply(() => ({ hang: true }));
    const { token } = await tokenizeCard(vault());
    const started = Date.now();
    const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
    expectError(response, 504, 'proxy_timeout', 'Request timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(psp.received).toHaveLength(1);
  });

  it('a PSP answering within the limit is fine', async () => {
    psp.reply((request) => ({ ...echo(request), delayMs: 50 }));
    const { token } = await tokenizeCard(vault());
    const response = await proxy(vault(), { token, proxy_url: psp.url(), request_data: { n: '${cardNumber}' } });
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
  });
});
