// Issue 13's delivery figure: 1,000 events delivered to a local HTTPS receiver in under 10 s (PostgreSQL).
// The events are committed at once (one statement writing the events, their deliveries and the NOTIFY, as
// a burst of checkouts would), then timed until the receiver has verified every one with vault/webhooks.
// Baseline in the same run: the same 1,000 signed POSTs sent straight from this process to the same
// receiver over as many connections as the worker uses (WEBHOOK_CONCURRENCY, default 32).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Agent, request } from 'undici';
import { verifyWebhook } from '../../public/webhooks.js';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { redisUrl } from './settings.mjs';
import { startVault } from './vault-server.mjs';

const EVENTS = 1_000;
const FLOOR_MS = 10_000;
const CONCURRENCY = 32;
const OWNER = 'bench-webhooks@vault.test';
const PASSWORD = `Bench-${randomBytes(9).toString('base64url')}-2030`;

function startReceiver(certificate) {
  const state = { secret: '', verified: 0, failed: 0, onCount: () => {} };
  const server = createServer({ key: readFileSync(certificate.key), cert: readFileSync(certificate.cert) }, (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const ok = await verifyWebhook(Buffer.concat(chunks), req.headers, state.secret).then(() => true, () => false);
      if (ok) state.verified += 1;
      else state.failed += 1;
      res.writeHead(204).end();
      state.onCount();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ state, port: server.address().port, close: () => new Promise((done) => server.close(done)) })));
}

const until = (state, count) =>
  new Promise((resolve) => {
    state.onCount = () => state.verified + state.failed >= count && resolve();
    state.onCount();
  });

async function baseline(receiver, certificate) {
  const { createHmac } = await import('node:crypto');
  const key = Buffer.from(receiver.state.secret.slice('whsec_'.length), 'base64');
  const dispatcher = new Agent({ connections: CONCURRENCY, connect: { ca: readFileSync(certificate.cert) } });
  receiver.state.verified = 0;
  receiver.state.failed = 0;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < EVENTS) {
        const index = next++;
        const id = `evt_baseline${index}`;
        const body = JSON.stringify({ id, type: 'webhook.test', timestamp: new Date().toISOString(), data: { index } });
        const timestamp = Math.floor(Date.now() / 1000);
        const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
        const response = await request(`https://localhost:${receiver.port}/hook`, {
          dispatcher,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
          body,
        });
        await response.body.dump();
      }
    }),
  );
  const elapsed = performance.now() - started;
  await dispatcher.close();
  if (receiver.state.failed) throw new Error(`baseline: ${receiver.state.failed} requests failed verification`);
  return elapsed;
}

// One statement: EVENTS test events for the endpoint, a delivery each, and the NOTIFY (sent at commit).
const BURST = `
  WITH events AS (
    INSERT INTO webhook_events (id, project_id, type, body, created_at)
    SELECT 'evt_bench' || lpad(g::text, 8, '0'), $1::uuid, 'webhook.test',
      json_build_object('id', 'evt_bench' || lpad(g::text, 8, '0'), 'type', 'webhook.test', 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'project_id', $1::uuid, 'livemode', false, 'data', json_build_object('endpoint_id', $2::uuid, 'index', g))::text, now()
    FROM generate_series(1, $3::int) g
    RETURNING id
  ), deliveries AS (
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id) SELECT gen_random_uuid(), id, $2::uuid, $1::uuid FROM events RETURNING 1
  )
  SELECT (SELECT count(*) FROM deliveries)::int AS queued, (SELECT count(*) FROM (SELECT pg_notify('vault_webhooks', '')) n)::int AS notified`;

export async function benchWebhooks(masterKey, certificate) {
  console.log(`\n## Webhooks: ${EVENTS.toLocaleString('en-US')} events to a local HTTPS receiver (PostgreSQL)`);
  const databaseUrl = await scratchDatabase('webhooks');
  const receiver = await startReceiver(certificate);
  const vault = await startVault('webhooks', {
    DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('webhooks'), VAULT_MASTER_KEY: masterKey,
    VAULT_ADMIN_EMAIL: OWNER, VAULT_ADMIN_PASSWORD: PASSWORD, AUDIT_SEALER: 'off', VAULT_API_ONLY: '1',
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: certificate.cert, WEBHOOK_CONCURRENCY: String(CONCURRENCY),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const login = await fetch(`${vault.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER, password: PASSWORD }) });
    if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
    const auth = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' };
    const created = await fetch(`${vault.url}/api/webhook-endpoints`, { method: 'POST', headers: auth, body: JSON.stringify({ url: `https://localhost:${receiver.port}/hook` }) });
    if (created.status !== 201) throw new Error(`creating the endpoint answered ${created.status}: ${await created.text()}`);
    const endpoint = (await created.json()).data;
    receiver.state.secret = endpoint.secret;
    const direct = await baseline(receiver, certificate);
    console.log(`baseline: ${EVENTS} signed POSTs straight to the receiver over ${CONCURRENCY} connections: ${(direct / 1000).toFixed(2)} s`);
    receiver.state.verified = 0;
    receiver.state.failed = 0;
    const delivered = until(receiver.state, EVENTS);
    const started = performance.now();
    await client.query(BURST, [endpoint.project_id, endpoint.id, EVENTS]);
    await delivered;
    const elapsed = performance.now() - started;
    if (receiver.state.failed) throw new Error(`${receiver.state.failed} deliveries failed verification`);
    // Every attempt recorded too (the delivery log), not only received.
    for (;;) {
      const { rows } = await client.query(`SELECT count(*)::int AS ok FROM webhook_deliveries WHERE status = 'succeeded'`);
      if (rows[0].ok >= EVENTS) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const recorded = performance.now() - started;
    console.log(`vault: ${EVENTS} events delivered and verified in ${(elapsed / 1000).toFixed(2)} s (×${(elapsed / direct).toFixed(1)} the direct POSTs), all recorded succeeded at ${(recorded / 1000).toFixed(2)} s`);
    return [figure('1,000 webhook events delivered (PostgreSQL)', `${(elapsed / 1000).toFixed(2)} s (×${(elapsed / direct).toFixed(1)} direct POSTs)`, `< ${FLOOR_MS / 1000} s`, '—', elapsed < FLOOR_MS)];
  } finally {
    await client.end();
    await vault.stop();
    await receiver.close();
  }
}
