// Three server processes on one PostgreSQL database and one Redis, behind a round-robin TCP balancer with
// passive health checks (tests/helpers/round-robin-balancer.ts), as "Running several nodes" in docs/production.md
// describes: a tokenize → proxy → checkout flow whose steps land on different nodes, an application key
// rotated on one node and refused on the others within the API key cache time, and a node killed (-9)
// mid-load with no acknowledged write lost. The database is this file's own, so counts are exact.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_KEY_CACHE_MS } from '../../lib/api-keys/api-key-cache';
import { CARD, makeMerchant, sessionBody, type TestMerchant } from '../helpers/checkout';
import { startNodeCluster, type NodeCluster, type NodeResponse, type TransportError } from '../helpers/node-cluster';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import type { CallOptions } from '../helpers/test-vault';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { TEST_PASSWORD, seedUsers } from '../helpers/users';

const PAN = '4000056655665556';
const errorBody = (response: NodeResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PGlite is one process's database by design (a lock file refuses a second): several nodes need PostgreSQL,
// and a CVC session made on one node is only visible to another through Redis.
describe.runIf(inject('databaseUrl') && process.env.REDIS_URL)('three nodes on one PostgreSQL + Redis behind a balancer (PostgreSQL + Redis runs only: embedded PGlite is single-process by design)', () => {
  let database: OwnDatabase;
  let psp: TestPsp;
  let vault: TestVault;
  let cluster: NodeCluster;
  let dir: string;
  let ownerEmail: string;

  beforeAll(async () => {
    database = await ownDatabase();
    psp = await startTestPsp();
    // This process only seeds tenants and reads the database: the spawned nodes serve every call below.
    vault = await startTestVault({ env: database.env });
    ownerEmail = (await seedUsers(vault, 'nodes')).owner.email;
    dir = mkdtempSync(join(tmpdir(), 'vault-multi-node-'));
    writeFileSync(join(dir, 'ca.pem'), psp.ca);
    cluster = await startNodeCluster({
      count: 3,
      env: {
        ...database.env,
        REDIS_URL: process.env.REDIS_URL!,
        VAULT_DATA_DIR: join(dir, 'data'),
        NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
        PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost',
        DATABASE_POOL_SIZE: '4',
        // CPU for the requests on a 2-core machine: the in-process vault above seals the audit chain.
        AUDIT_SEALER: 'off',
      },
    });
  });

  afterAll(async () => {
    await cluster?.close();
    await vault?.close();
    await psp?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, options: CallOptions) => cluster.call(method, path, options);

  it('tokenize → proxy → checkout across the nodes: each step on another node, the CVC session shared through Redis', async () => {
    const key = vault.tenants.test.keys.full;
    const tokenized = await call('POST', '/tokenize', { key, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030', cvv: '321' } } });
    expect(tokenized.status, tokenized.text).toBe(201);
    const { token, cvc_session_id: cvcSessionId } = tokenized.json;

    const proxyCall = { token, cvc_session_id: cvcSessionId, proxy_url: psp.url('/v1/charges'), request_data: { number: '${cardNumber}', cvc: '${cvc}' } };
    const proxied = await call('POST', '/proxy/transaction', { key, json: proxyCall });
    expect(proxied.status, proxied.text).toBe(200);
    expect(proxied.node).not.toBe(tokenized.node);
    expect(psp.received).toHaveLength(1);
    expect(psp.received[0]!.body.equals(Buffer.from(`{"number":"${PAN}","cvc":"321"}`))).toBe(true);
    // The CVC session was taken once (GETDEL in the shared Redis): a third node finds it gone.
    const again = await call('POST', '/proxy/transaction', { key, json: proxyCall });
    expect(again.node).not.toBe(proxied.node);
    expect(again.status).toBe(404);
    expect(again.json).toEqual(errorBody(again, 'cvc_session_not_found', 'CVC session expired or not found'));
    expect(psp.received).toHaveLength(1);

    psp.reply(() => ({ status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'ch_multi_node', status: 'succeeded' }) }));
    const merchant: TestMerchant = await makeMerchant(vault, {
      processor: { type: 'http', url: psp.url('/v1/checkout-charges'), body: { amount: '${amountMinor}', reference: '${sessionId}', card: { number: '${cardNumber}', cvc: '${cvv}' } }, transaction_id_path: 'id' },
    });
    const merchantKeys = { key, headers: { 'x-service-api-key': merchant.serviceApiKey } };
    const created = await call('POST', '/api/sessions/create', { ...merchantKeys, json: sessionBody(merchant.id) });
    expect(created.status, created.text).toBe(201);
    expect(created.json.url).toBe(`${cluster.url}/checkout/${created.json.sessionId}`);
    const { sessionId } = created.json;
    // The customer's browser on the checkout page: the balancer's origin is every node's CHECKOUT_URL.
    const paid = await call('POST', `/checkout/${sessionId}/pay`, { json: CARD, headers: { origin: cluster.url, 'sec-fetch-site': 'same-origin' } });
    expect(paid.node).not.toBe(created.node);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.paymentData).toEqual({ transactionId: 'ch_multi_node', amount: '10.50', currency: 'EUR', brand: 'visa', last4: '4242' });
    expect(psp.received).toHaveLength(2);
    expect(psp.received[1]!.body.equals(Buffer.from(`{"amount":1050,"reference":"${sessionId}","card":{"number":"4242424242424242","cvc":"123"}}`))).toBe(true);
    const completed = await call('GET', `/api/sessions/${sessionId}`, merchantKeys);
    expect(completed.node).not.toBe(paid.node);
    expect(completed.status).toBe(200);
    expect(completed.json.data).toMatchObject({ sessionId, status: 'completed', transactionId: 'ch_multi_node', attempts: 1 });

    const revealed = await call('POST', '/detokenize', { key, json: { token } });
    expect(revealed.node).not.toBe(completed.node);
    expect(revealed.json.data.cardNumber).toBe(PAN);
    expect(new Set([tokenized, proxied, again, created, paid, completed, revealed].map((response) => response.node))).toEqual(new Set([0, 1, 2]));
  });

  it(`an application key rotated on node A: the new key works at once everywhere, the old one is refused on A at once and on B and C within the API key cache time (${API_KEY_CACHE_MS} ms)`, async () => {
    // The production guide gives operators the same figure.
    const documented = `API keys are cached in each process for ${API_KEY_CACHE_MS / 1000} s`;
    const guide = readFileSync(new URL('../../docs/production.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(guide.includes(documented), `docs/production.md: "${documented}"`).toBe(true);
    const login = await call('POST', '/auth/login', { json: { email: ownerEmail, password: TEST_PASSWORD } });
    expect(login.status, login.text).toBe(200);
    const session = { authorization: `Bearer ${login.json.token}` };
    // The dashboard session made on one node is valid on the others (nothing about it is per process).
    const app = await cluster.callNode(1, 'POST', '/api/applications', { headers: session, json: { name: 'rotated across nodes', permissions: { tokenization: { allowed: true } } } });
    expect(app.status, app.text).toBe(201);
    const { id, api_key: oldKey } = app.json.data;
    const verify = (node: number, key: string) => cluster.callNode(node, 'GET', '/api/applications/key', { key });

    // Each node authenticates the old key once, which caches it there; `cachedBy` bounds when that entry expires.
    const cachedBy: number[] = [];
    for (const node of [0, 1, 2]) {
      expect((await verify(node, oldKey)).status).toBe(200);
      cachedBy[node] = Date.now() + API_KEY_CACHE_MS;
    }

    const rotated = await cluster.callNode(0, 'POST', `/api/applications/${id}/rotate-key`, { headers: session, json: {} });
    expect(rotated.status, rotated.text).toBe(200);
    const newKey: string = rotated.json.data.api_key;
    const refusedOnA = await verify(0, oldKey);
    expect(refusedOnA.json).toEqual(errorBody(refusedOnA, 'invalid_api_key', 'Invalid API key'));
    for (const node of [0, 1, 2]) expect((await verify(node, newKey)).json.data).toMatchObject({ application_id: id });

    // B and C may still accept the old key from their cache, but only while the entry can be alive; a
    // request sent after it expired must be refused, and once refused it stays refused.
    for (const node of [1, 2]) {
      let refused: NodeResponse | undefined;
      while (!refused) {
        const sentAt = Date.now();
        const response = await verify(node, oldKey);
        if (response.status === 200) {
          expect(sentAt, `node ${node} accepted the old key after its cache entry expired`).toBeLessThan(cachedBy[node]!);
          await sleep(100);
        } else refused = response;
      }
      expect(refused.json).toEqual(errorBody(refused, 'invalid_api_key', 'Invalid API key'));
      expect((await verify(node, oldKey)).status).toBe(401);
    }
    expect((await call('POST', '/tokenize', { key: newKey, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } })).status).toBe(201);
  });

  it('a node killed (-9) mid-load: the balancer stops routing to it, the others keep answering, no acknowledged token is lost', async () => {
    const { projectId, keys } = vault.tenants.other;
    const victim = 1;
    const survivors = [0, 2];
    type Outcome = { startedAt: number; response?: NodeResponse; failure?: { code?: string; message: string; node?: number } };
    const outcomes: Outcome[] = [];
    let stopped = false;
    const loop = async () => {
      while (!stopped) {
        const outcome: Outcome = { startedAt: Date.now() };
        outcomes.push(outcome);
        try {
          outcome.response = await call('POST', '/tokenize', { key: keys.full, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } });
        } catch (error) {
          const { code, message, node } = error as TransportError;
          outcome.failure = { code, message, node };
        }
      }
    };
    /** Tokens acknowledged by `node` for requests sent since `since`. */
    const acknowledgedBy = (node: number, since: number) => outcomes.filter((outcome) => outcome.startedAt >= since && outcome.response?.status === 201 && outcome.response.node === node).length;
    // Each phase also ends only once the load has done its part, so a slow machine makes it longer, not flaky.
    const until = async (what: string, condition: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`the load did not reach "${what}" in 20 s: ${JSON.stringify(outcomes.slice(-8))}`);
        await sleep(20);
      }
    };
    const loops = Promise.all(Array.from({ length: 4 }, loop));
    let killSentAt = Infinity;
    let exitedAt = Infinity;
    try {
      // About a second of steady load on all three first, then a second on the survivors.
      const loadStart = Date.now();
      await until('3 tokens acknowledged by every node', () => Date.now() - loadStart >= 1_000 && [0, 1, 2].every((node) => acknowledgedBy(node, 0) >= 3));
      killSentAt = Date.now();
      await cluster.nodes[victim]!.stop('SIGKILL');
      exitedAt = Date.now();
      await until('3 tokens acknowledged by each survivor after the kill', () => Date.now() - exitedAt >= 1_000 && survivors.every((node) => acknowledgedBy(node, exitedAt) >= 3));
    } finally {
      stopped = true;
      await loops;
    }

    const answered = outcomes.filter((outcome) => outcome.response);
    const failed = outcomes.filter((outcome) => outcome.failure);
    // Every HTTP answer is an acknowledgement: the surviving nodes never failed a request.
    expect(answered.filter((outcome) => outcome.response!.status !== 201).map((outcome) => outcome.response!.text)).toEqual([]);
    // Only requests in flight when the node died failed (connection reset): counted, not hidden. Every
    // request sent after its death was answered: the balancer's connect to it failed (passive health
    // check), and those connections went to the next node.
    expect(failed.filter((outcome) => outcome.startedAt >= exitedAt), JSON.stringify(failed)).toEqual([]);
    expect(failed.filter((outcome) => outcome.failure!.node !== victim || outcome.failure!.code !== 'ECONNRESET'), JSON.stringify(failed)).toEqual([]);
    expect(cluster.balancer.connectFailures[victim]).toBeGreaterThanOrEqual(1);
    expect(answered.filter((outcome) => outcome.startedAt >= killSentAt && outcome.response!.node === victim)).toEqual([]);

    const acknowledged = answered.map((outcome) => outcome.response!.json.token as string);
    const stored = await vault.runtime.db.sql.query<{ token: string }>('SELECT token FROM tokens WHERE project_id = $1::uuid', [projectId]);
    const storedTokens = new Set(stored.map((row) => row.token));
    expect(acknowledged.filter((token) => !storedTokens.has(token))).toEqual([]);
    // A failed request may have committed before its node died, never more than one token each.
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stored.length).toBeLessThanOrEqual(acknowledged.length + failed.length);

    // Every acknowledged token opens through the surviving nodes.
    const pending = [...acknowledged];
    const revealedBy = new Set<number>();
    const reveal = async () => {
      for (let token = pending.pop(); token; token = pending.pop()) {
        const response = await call('POST', '/detokenize', { key: keys.full, json: { token } });
        expect(response.status, response.text).toBe(200);
        expect(response.json.data.cardNumber).toBe(PAN);
        revealedBy.add(response.node);
      }
    };
    await Promise.all(Array.from({ length: 4 }, reveal));
    expect(revealedBy).toEqual(new Set(survivors));
  }, 60_000);
});
