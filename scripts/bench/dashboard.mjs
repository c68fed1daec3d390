// Issue 12's render floor: every dashboard page answers in under 300 ms with 10,000 tokens and 100,000
// audit rows in its project (PostgreSQL). Rows are bulk-loaded in one statement each (ciphertext is
// random bytes: no page decrypts), the owner signs in, and each page is fetched sequentially (WARMUP
// fetches, then BENCH_PAGE_FETCHES timed ones): the time to the whole HTML body on loopback, which is the
// server's render time plus a loopback round trip. Baseline: GET /login (a static-shell page) in the same run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signBulkAuditRows } from './processes.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { redisUrl, WARMUP } from './settings.mjs';
import { median, ms, percentile } from './stats.mjs';
import { startVault, withNext } from './vault-server.mjs';

const TOKENS = 10_000;
const AUDIT_ROWS = 100_000;
const FETCHES = Number(process.env.BENCH_PAGE_FETCHES ?? 20);
const FLOOR_MS = 300;
const OWNER = 'bench-owner@vault.test';
const PASSWORD = `Bench-${randomBytes(9).toString('base64url')}-2030`;
const SECTIONS = ['', '/applications', '/tokens', '/checkout', '/webhooks', '/audit', '/team', '/settings', '/projects'];

async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT a.project_id, p.account_id, a.id AS application_id FROM applications a JOIN projects p ON p.id = a.project_id ORDER BY a.created_at LIMIT 1`);
    const { project_id: projectId, account_id: accountId, application_id: applicationId } = rows[0];
    await client.query(
      `INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, key_version, mask, bin, last4, brand, fingerprint, test_mode, created_at)
       SELECT gen_random_uuid(), 'tok_bench' || lpad(g::text, 20, '0'), $1, $2, 'card', decode(md5(g::text) || md5((g * 7)::text), 'hex'), 1, '424242******' || lpad((g % 10000)::text, 4, '0'), '424242',
              lpad((g % 10000)::text, 4, '0'), 'visa', md5(g::text) || md5((g + 1)::text), true, now() - (g || ' seconds')::interval
       FROM generate_series(1, $3::int) g`,
      [projectId, applicationId, TOKENS],
    );
    const actions = ['tokenize', 'proxy.transaction', 'detokenize', 'test_token.create'];
    await client.query(
      `INSERT INTO audit_logs (id, action, outcome, status_code, account_id, project_id, application_id, request_id, ip, created_at)
       SELECT gen_random_uuid(), ($4::text[])[1 + g % 4], CASE WHEN g % 10 = 0 THEN 'failure' ELSE 'success' END, CASE WHEN g % 10 = 0 THEN 400 ELSE 201 END,
              $1, $2, $3, 'bench-' || g, '127.0.0.1', now() - ((g * 25) || ' seconds')::interval
       FROM generate_series(1, $5::int) g`,
      [accountId, projectId, applicationId, actions, AUDIT_ROWS],
    );
    await client.query('ANALYZE tokens');
    await client.query('ANALYZE audit_logs');
    return projectId;
  } finally {
    await client.end();
  }
}

async function timedFetch(url, cookie) {
  const start = process.hrtime.bigint();
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  await response.arrayBuffer();
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

async function sample(url, cookie) {
  for (let i = 0; i < WARMUP; i++) await timedFetch(url, cookie);
  const samples = [];
  for (let i = 0; i < FETCHES; i++) samples.push(await timedFetch(url, cookie));
  return { median: median(samples), p95: percentile(samples, 0.95) };
}

export async function benchDashboard(masterKey) {
  console.log(`\n## Dashboard pages: ${TOKENS.toLocaleString('en-US')} tokens, ${AUDIT_ROWS.toLocaleString('en-US')} audit rows (PostgreSQL)`);
  if (!withNext) return [figure('dashboard pages', 'not measured: no Next build (npm run build)', `< ${FLOOR_MS} ms`, '—', null)];
  const databaseUrl = await scratchDatabase('dashboard');
  const vault = await startVault('dashboard', {
    DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('dashboard'), VAULT_MASTER_KEY: masterKey,
    VAULT_ADMIN_EMAIL: OWNER, VAULT_ADMIN_PASSWORD: PASSWORD, AUDIT_SEALER: 'off',
  });
  try {
    const projectId = await seed(databaseUrl);
    signBulkAuditRows({ ...process.env, DATABASE_URL: databaseUrl, VAULT_MASTER_KEY: masterKey });
    const login = await fetch(`${vault.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER, password: PASSWORD }) });
    if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
    const cookie = `vault_session=${(await login.json()).token}`;
    const baseline = await sample(`${vault.url}/login`, '');
    console.log(`baseline GET /login: median ${ms(baseline.median)}, p95 ${ms(baseline.p95)}`);
    const figures = [];
    for (const section of SECTIONS) {
      const path = `/dashboard/p/${projectId}${section}`;
      const result = await sample(`${vault.url}${path}`, cookie);
      const name = section ? section.slice(1) : 'overview';
      console.log(`${name}: median ${ms(result.median)}, p95 ${ms(result.p95)} (×${(result.median / baseline.median).toFixed(1)} /login)`);
      figures.push(figure(`dashboard ${name} render (p95)`, `${ms(result.p95)} (median ${ms(result.median)}, ×${(result.median / baseline.median).toFixed(1)} /login)`, `< ${FLOOR_MS} ms`, '—', result.p95 < FLOOR_MS));
    }
    return figures;
  } finally {
    await vault.stop();
  }
}
