// The spec's CVC session state table: production sessions (POST /tokenize) are used once and expire;
// test sessions (POST /test-tokens) are reusable; DELETE /proxy/delete-cvc-session/{id} forgets one.
// Sessions are bound to their token and project. The code itself never reaches PostgreSQL, and in Redis
// it is only stored encrypted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import { type ApiResponse, type CallOptions, type TestVault } from '../helpers/test-vault';
import { inspectingClient, onRedis, type SuiteOptions } from './suite-options';
import { refusedKeys } from '../helpers/fixtures';
import { keysMatching } from '../helpers/redis-topologies';

const PAN = '4242424242424242';
const CVV = '7391';
/** The CVV as a standalone digit run (ids, hashes and base64 may contain the digits by chance). */
// Hyphens excluded too: a UUID segment can read 7391.
const cvvPattern = new RegExp(`(?<![0-9A-Za-z+/-])${CVV}(?![0-9A-Za-z+/=-])`);
const NOT_FOUND = 'CVC session expired or not found';

/** Every case, on the store `options` picks. */
export function cvcSessionCases(options: SuiteOptions = {}): void {
  const psp = useTestPsp();

  /** Starts a vault for the enclosing describe block (only one vault may be alive at a time: the runtime is global). */
  function useVault(env?: Record<string, string>): () => TestVault {
    return useVaultWithPsp(() => psp, () => ({ ...options.env?.(), ...env }));
  }

  type Created = { token: string; cvc_session_id: string };

  async function tokenize(vault: TestVault, options: CallOptions & { cvv?: string; cardNumber?: string } = {}): Promise<Created> {
    const { cvv = CVV, cardNumber = PAN, ...callOptions } = options;
    const response = await vault.call('POST', '/tokenize', {
      json: { type: 'card', data: { cardNumber, expirationMonth: '12', expirationYear: '2030', cvv } },
      ...callOptions,
    });
    expect(response.status).toBe(201);
    expect(response.json.cvc_session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    return response.json;
  }

  async function testToken(vault: TestVault, options: CallOptions & { cvc?: string } = {}): Promise<ApiResponse> {
    const { cvc = CVV, ...callOptions } = options;
    return vault.call('POST', '/test-tokens', {
      json: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030', cvc },
      ...callOptions,
    });
  }

  /** A proxy call whose body uses the CVV: the PSP's copy shows whether the session delivered it. */
  function useSession(vault: TestVault, token: string, sessionId: string, options: CallOptions = {}) {
    return vault.call('POST', '/proxy/transaction', {
      json: { token, cvc_session_id: sessionId, proxy_url: psp.url('/pay'), request_data: { number: '${cardNumber}', cvv: '${cvv}' } },
      ...options,
    });
  }

  const forwardedWith = (cvv: string) => `{"number":"${PAN}","cvv":"${cvv}"}`;

  function expectDelivered(response: ApiResponse, cvv = CVV, pspIndex = psp.received.length - 1) {
    expect(response.status, response.text).toBe(200);
    expect(response.json.success).toBe(true);
    expect(psp.received[pspIndex]!.body.toString('utf8')).toBe(forwardedWith(cvv));
  }

  function expectSessionNotFound(response: ApiResponse) {
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ success: false, error: { code: 'cvc_session_not_found', message: NOT_FOUND }, request_id: response.headers.get('x-request-id') });
  }

  const deleteSession = (vault: TestVault, sessionId: string, options: CallOptions = {}) =>
    vault.call('DELETE', `/proxy/delete-cvc-session/${sessionId}`, options);

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  describe('CVC sessions', () => {
    const vault = useVault();

    describe('production-style session (POST /tokenize): used once', () => {
      it('the first proxy call gets the CVV, the second is a 404 and sends nothing', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        expectDelivered(await useSession(vault(), token, cvc_session_id));
        expectSessionNotFound(await useSession(vault(), token, cvc_session_id));
        expect(psp.received).toHaveLength(1);
      });

      it('the same holds for a production project\'s session', async () => {
        const { keys, pubKey } = vault().tenants.production;
        const { token, cvc_session_id } = await tokenize(vault(), { key: keys.full, pubKey });
        expectDelivered(await useSession(vault(), token, cvc_session_id, { key: keys.full }));
        expectSessionNotFound(await useSession(vault(), token, cvc_session_id, { key: keys.full }));
        expect(psp.received).toHaveLength(1);
      });

      it('${cvc} is the same code as ${cvv}', async () => {
        const { token, cvc_session_id } = await tokenize(vault(), { cvv: '456' });
        const response = await vault().call('POST', '/proxy/transaction', {
          json: { token, cvc_session_id, proxy_url: psp.url(), request_data: { a: '${cvc}', b: '${cvv}' } },
        });
        expect(response.status).toBe(200);
        expect(psp.received[0]!.body.toString('utf8')).toBe('{"a":"456","b":"456"}');
      });

      it('two concurrent uses: exactly one gets the CVV, the other is a 404', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const responses = await Promise.all([useSession(vault(), token, cvc_session_id), useSession(vault(), token, cvc_session_id)]);
        expect(responses.map((response) => response.status).sort()).toEqual([200, 404]);
        expectSessionNotFound(responses.find((response) => response.status === 404)!);
        expect(psp.received).toHaveLength(1);
        expect(psp.received[0]!.body.toString('utf8')).toBe(forwardedWith(CVV));
      });

      it('ten concurrent uses: exactly one succeeds', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const responses = await Promise.all(Array.from({ length: 10 }, () => useSession(vault(), token, cvc_session_id)));
        expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
        expect(responses.filter((response) => response.status === 404)).toHaveLength(9);
        expect(psp.received).toHaveLength(1);
      });

      it('an unknown session → 404, nothing sent', async () => {
        const { token } = await tokenize(vault());
        expectSessionNotFound(await useSession(vault(), token, '00000000-0000-4000-8000-000000000000'));
        expect(psp.received).toHaveLength(0);
      });

      it('a session is only read when the token is found: an unknown token leaves it usable', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const unknown = await useSession(vault(), 'tok_CCCCCCCCCCCCCCCCCCCCCCCC', cvc_session_id);
        expect(unknown.status).toBe(404);
        expect(unknown.json.error.message).toBe('Token not found');
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });
    });

    describe('test session (POST /test-tokens): reusable', () => {
      it('returns 201 with a 1-year session that three proxy calls can all use', async () => {
        const created = await testToken(vault());
        expect(created.status).toBe(201);
        expect(created.json).toMatchObject({
          success: true,
          token: expect.stringMatching(/^tok_/),
          cvc_session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          mask: '424242******4242',
          bin: '424242',
          test_mode: true,
          expires_in: '1 year',
        });
        const { token, cvc_session_id } = created.json;
        for (let i = 0; i < 3; i++) expectDelivered(await useSession(vault(), token, cvc_session_id), CVV, i);
        expect(psp.received).toHaveLength(3);
      });

      it('is reusable concurrently too', async () => {
        const { token, cvc_session_id } = (await testToken(vault(), { cvc: '123' })).json;
        const responses = await Promise.all(Array.from({ length: 5 }, () => useSession(vault(), token, cvc_session_id)));
        expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
        expect(psp.received.map((request) => request.body.toString('utf8'))).toEqual(Array(5).fill(forwardedWith('123')));
      });

      it('can still be deleted, and is gone afterwards', async () => {
        const { token, cvc_session_id } = (await testToken(vault())).json;
        expectDelivered(await useSession(vault(), token, cvc_session_id));
        expect((await deleteSession(vault(), cvc_session_id)).status).toBe(200);
        expectSessionNotFound(await useSession(vault(), token, cvc_session_id));
      });
    });

    describe('binding to token and project', () => {
      it('with another token of the same project → 404, and the session is not consumed', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const other = await tokenize(vault(), { cvv: '999' });
        expectSessionNotFound(await useSession(vault(), other.token, cvc_session_id));
        expect(psp.received).toHaveLength(0);
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });

      it('a test session with another token → 404, and it keeps working for its own', async () => {
        const { token, cvc_session_id } = (await testToken(vault())).json;
        const other = (await testToken(vault(), { cvc: '999' })).json;
        expectSessionNotFound(await useSession(vault(), other.token, cvc_session_id));
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });

      it('from another project\'s key with that project\'s token → 404, and the session is not consumed', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const otherKey = vault().tenants.other.keys.full;
        const foreign = await tokenize(vault(), { key: otherKey, cvv: '999' });
        expectSessionNotFound(await useSession(vault(), foreign.token, cvc_session_id, { key: otherKey }));
        expect(psp.received).toHaveLength(0);
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });

      it('from another project\'s key with the right token → 404 Token not found, session kept', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const response = await useSession(vault(), token, cvc_session_id, { key: vault().tenants.other.keys.full });
        expect(response.status).toBe(404);
        expect(response.json.error.message).toBe('Token not found');
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });
    });

    describe('DELETE /proxy/delete-cvc-session/{session_id}', () => {
      it('deletes: 200 with the success message; the session is then gone for the proxy and for a second delete', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const deleted = await deleteSession(vault(), cvc_session_id);
        expect(deleted.status).toBe(200);
        expect(deleted.json).toEqual({ success: true, message: 'CVC session deleted successfully' });
        expectSessionNotFound(await useSession(vault(), token, cvc_session_id));
        expect(psp.received).toHaveLength(0);
        expectSessionNotFound(await deleteSession(vault(), cvc_session_id));
      });

      it('a used production session cannot be deleted any more', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        expectDelivered(await useSession(vault(), token, cvc_session_id));
        expectSessionNotFound(await deleteSession(vault(), cvc_session_id));
      });

      it('an unknown UUID → 404', async () => {
        expectSessionNotFound(await deleteSession(vault(), '00000000-0000-4000-8000-000000000000'));
      });

      it.each(['not-a-uuid', '12345', '00000000-0000-4000-8000-00000000000g', '%20'])('%s → 400 validation_error', async (id) => {
        const response = await deleteSession(vault(), id);
        expect(response.status).toBe(400);
        expect(response.json.error.code).toBe('validation_error');
        expect(response.json.error.fields).toEqual([{ path: 'session_id', message: 'session_id must be a UUID' }]);
      });

      it('another project\'s session → 404, and it still works for its owner', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        expectSessionNotFound(await deleteSession(vault(), cvc_session_id, { key: vault().tenants.other.keys.full }));
        expectSessionNotFound(await deleteSession(vault(), cvc_session_id, { key: vault().tenants.production.keys.full }));
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });

      it('writes an audit row', async () => {
        const { cvc_session_id } = await tokenize(vault());
        const response = await deleteSession(vault(), cvc_session_id);
        const row = await vault().runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
        expect(row).toMatchObject({ action: 'cvc_session.delete', outcome: 'success', statusCode: 200, projectId: vault().tenants.test.projectId });
      });

      const security = refusedKeys(vault);

      it.each(security)('%s → %i %s, the session is kept', async (_name, status, message, key) => {
        const { token, cvc_session_id } = await tokenize(vault());
        const response = await deleteSession(vault(), cvc_session_id, { key: key() });
        expect(response.status).toBe(status);
        expect(response.json).toEqual({ success: false, error: { code: expect.any(String), message }, request_id: response.headers.get('x-request-id') });
        expectDelivered(await useSession(vault(), token, cvc_session_id));
      });

      it('a production key needs no X-Pub-Key to delete its own session', async () => {
        const { keys, pubKey } = vault().tenants.production;
        const { cvc_session_id } = await tokenize(vault(), { key: keys.full, pubKey });
        const response = await deleteSession(vault(), cvc_session_id, { key: keys.full });
        expect(response.status).toBe(200);
      });
    });

    describe('where the CVV is kept', () => {
      it('never in PostgreSQL: no row of any table contains it', async () => {
        const { token, cvc_session_id } = await tokenize(vault());
        const test = (await testToken(vault())).json;
        expectDelivered(await useSession(vault(), token, cvc_session_id));
        expectDelivered(await useSession(vault(), test.token, test.cvc_session_id));
        await deleteSession(vault(), test.cvc_session_id);
        const prisma = vault().runtime.db.prisma;
        const tables = await prisma.$queryRawUnsafe<{ table_name: string }[]>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        );
        const names = tables.map((table) => table.table_name);
        expect(names).toEqual(expect.arrayContaining(['tokens', 'audit_logs']));
        let rows = 0;
        for (const name of names) {
          const dump = await prisma.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
          rows += dump.length;
          // Bare JSON numbers (sequence and chain counters of a long-lived CI database) are not where a CVV,
          // always a string, could be: they would match the 4 digits by chance once the counters pass them.
          for (const { row } of dump) expect(row.replace(/:-?\d+(?=[,}\]])/g, ':#'), `a row of ${name}`).not.toMatch(cvvPattern);
        }
        expect(rows).toBeGreaterThan(0);
        // The token rows themselves, ciphertext decoded as bytes too.
        for (const value of [token, test.token]) {
          const row = await prisma.token.findUniqueOrThrow({ where: { token: value }, omit: { ciphertext: false } });
          expect(Buffer.from(row.ciphertext!).toString('latin1')).not.toContain(CVV);
          expect(JSON.stringify(row)).not.toMatch(cvvPattern);
        }
        const audit = await prisma.auditLog.findMany({ where: { projectId: vault().tenants.test.projectId } });
        expect(audit.some((row) => row.action === 'proxy.transaction')).toBe(true);
        expect(JSON.stringify(audit).replace(/:-?\d+(?=[,}\]])/g, ':#')).not.toMatch(cvvPattern);
        expect(vault().logs.join('\n')).not.toMatch(cvvPattern);
      });

      it.skipIf(!onRedis(options))('in Redis only encrypted, with the session\'s TTL, and gone after use', async () => {
        const redis = inspectingClient(options)!;
        try {
          const { projectId } = vault().tenants.test;
          const once = await tokenize(vault());
          const test = (await testToken(vault())).json;
          const prefix = vault().runtime.config.REDIS_KEY_PREFIX;
          const onceKey = `${prefix}cvc:${projectId}:${once.cvc_session_id}`;
          const testKey = `${prefix}cvc:${projectId}:${test.cvc_session_id}`;
          const keys = await keysMatching(redis, `${prefix}cvc:${projectId}:*`);
          expect(keys).toEqual(expect.arrayContaining([onceKey, testKey]));
          // The two sessions holding CVV first, then every other session of the project.
          for (const key of [onceKey, testKey, ...keys.filter((key) => key !== onceKey && key !== testKey)]) {
            const raw = await redis.get(key);
            expect(raw, key).not.toBeNull();
            expect(raw!, key).not.toMatch(cvvPattern);
            // `<token id>|<mode>|<base64 sealed code>`: the sealed part decodes to no clear CVV either.
            const sealed = Buffer.from(raw!.split('|').at(-1)!, 'base64');
            expect(sealed.length).toBeGreaterThan(CVV.length + 16);
            expect(sealed.toString('latin1')).not.toContain(CVV);
          }
          const onceTtl = await redis.ttl(onceKey);
          expect(onceTtl).toBeGreaterThan(80);
          expect(onceTtl).toBeLessThanOrEqual(90);
          const testTtl = await redis.ttl(testKey);
          expect(testTtl).toBeGreaterThan(365 * 24 * 3600 - 60);
          expect(testTtl).toBeLessThanOrEqual(365 * 24 * 3600);

          expectDelivered(await useSession(vault(), once.token, once.cvc_session_id));
          expect(await redis.exists(onceKey)).toBe(0);
          expectDelivered(await useSession(vault(), test.token, test.cvc_session_id));
          expect(await redis.exists(testKey)).toBe(1);
          expect((await deleteSession(vault(), test.cvc_session_id)).status).toBe(200);
          expect(await redis.exists(testKey)).toBe(0);
        } finally {
          redis.disconnect();
        }
      });
    });
  });

  describe('CVC sessions — TTL expiry', () => {
    const vault = useVault({ CVC_SESSION_TTL_SECONDS: '1', TEST_CVC_SESSION_TTL_SECONDS: '7200' });

    it('a session unused for its TTL → 404, nothing sent', async () => {
      const fresh = await tokenize(vault());
      const stale = await tokenize(vault());
      expectDelivered(await useSession(vault(), fresh.token, fresh.cvc_session_id));
      await sleep(1_200);
      expectSessionNotFound(await useSession(vault(), stale.token, stale.cvc_session_id));
      expectSessionNotFound(await deleteSession(vault(), stale.cvc_session_id));
      expect(psp.received).toHaveLength(1);
    });

    it('the test TTL is its own setting, and expires_in describes it', async () => {
      const created = await testToken(vault());
      expect(created.json.expires_in).toBe('2 hours');
      await sleep(1_200);
      expectDelivered(await useSession(vault(), created.json.token, created.json.cvc_session_id));
    });
  });
}
