// Idempotency records at rest (issue 10): what the store (Redis, or the in-process store) holds for an
// Idempotency-Key is sealed like a CVC session, so it shows nothing of the answer it replays (tokens, CVC
// session ids, the PSP's answer). Happy: replays still work. Attack: a record copied to another
// application's key, or written in plain text (the old form, or by someone with write access to Redis),
// is never replayed.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardRequest } from '../helpers/fixtures';
import { useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import type { SuiteOptions } from './suite-options';

const PSP_SECRET_ANSWER = 'psp-transaction-7f3c9a';

/** Every case, on the store `options` picks. */
export function idempotencyAtRestCases(options: SuiteOptions = {}): void {
  const psp = useTestPsp(() => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: PSP_SECRET_ANSWER, status: 'approved' }),
  }));
  const vault = useVaultWithPsp(() => psp, options.env);

  const storeKeyOf = (applicationId: string, key: string) => `idem:${applicationId}:${createHash('sha256').update(key).digest('hex')}`;
  const stored = (applicationId: string, key: string) => vault().runtime.store.get(storeKeyOf(applicationId, key));
  const newKey = () => `at-rest-${randomUUID()}`;

  /** Everything a reader of the stored value could try: the text itself, and its base64 decoded. */
  function readable(value: string): string {
    return `${value}\n${Buffer.from(value, 'base64').toString('latin1')}`;
  }

  describe('idempotency records at rest — sealed', () => {
    it('POST /tokenize: the record holds neither the token, the CVC session id, the mask, nor the answer', async () => {
      const key = newKey();
      const first = await vault().call('POST', '/tokenize', { json: cardRequest({ cvv: '123' }), headers: { 'idempotency-key': key } });
      expect(first.status).toBe(201);
      const value = await stored(vault().tenants.test.applicationId, key);
      expect(value).not.toBeNull();
      const text = readable(value!);
      for (const secret of [first.json.token, first.json.cvc_session_id, first.json.mask, first.json.fingerprint, '"state"', 'fingerprint', 'success']) {
        expect(text).not.toContain(secret);
      }
      // The answer as the old records kept it (base64 of the body) is not there either.
      expect(value).not.toContain(Buffer.from(first.text).toString('base64').slice(0, 24));
      expect(() => JSON.parse(value!)).toThrow();
      // …and it still replays byte for byte.
      const replay = await vault().call('POST', '/tokenize', { json: cardRequest({ cvv: '123' }), headers: { 'idempotency-key': key } });
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    });

    it('POST /proxy/transaction: the PSP\'s answer is not readable in the store', async () => {
      const token = (await vault().call('POST', '/tokenize', { json: cardRequest() })).json.token;
      const key = newKey();
      const json = { token, proxy_url: psp.url('/charge'), request_data: { number: '${cardNumber}' } };
      const first = await vault().call('POST', '/proxy/transaction', { json, headers: { 'idempotency-key': key } });
      expect(first.status).toBe(200);
      expect(first.text).toContain(PSP_SECRET_ANSWER);
      const text = readable((await stored(vault().tenants.test.applicationId, key))!);
      expect(text).not.toContain(PSP_SECRET_ANSWER);
      expect(text).not.toContain(token);
      const replay = await vault().call('POST', '/proxy/transaction', { json, headers: { 'idempotency-key': key } });
      expect(replay.text).toBe(first.text);
      expect(psp.received).toHaveLength(1);
    });
  });

  describe('idempotency records at rest — attacks', () => {
    it('a record copied to another application\'s key is not replayed there (422, a new request is not made either)', async () => {
      const key = newKey();
      const first = await vault().call('POST', '/tokenize', { json: cardRequest(), headers: { 'idempotency-key': key } });
      expect(first.status).toBe(201);
      const record = (await stored(vault().tenants.test.applicationId, key))!;
      const other = vault().tenants.other;
      await vault().runtime.store.set(storeKeyOf(other.applicationId, key), record, 3600);
      const replayElsewhere = await vault().call('POST', '/tokenize', { json: cardRequest(), key: other.keys.full, headers: { 'idempotency-key': key } });
      expect(replayElsewhere.status).toBe(422);
      expect(replayElsewhere.json.error.code).toBe('idempotency_key_reused');
      expect(replayElsewhere.text).not.toContain(first.json.token);
    });

    it('a plain-text record (the old form, or forged by someone who can write to the store) is not replayed', async () => {
      const key = newKey();
      const forged = {
        state: 'done',
        fingerprint: 'anything',
        status: 200,
        headers: [['content-type', 'application/json']],
        body: Buffer.from('{"success":true,"token":"tok_forged"}').toString('base64'),
      };
      await vault().runtime.store.set(storeKeyOf(vault().tenants.test.applicationId, key), JSON.stringify(forged), 3600);
      const response = await vault().call('POST', '/tokenize', { json: cardRequest(), headers: { 'idempotency-key': key } });
      expect(response.status).toBe(422);
      expect(response.text).not.toContain('tok_forged');
    });
  });
}
