// Cost as data grows (issue 23), PostgreSQL: BENCH_SCALE_TOKENS tokens (default 10 million; BENCH_QUICK: 1
// million) in one project and BENCH_SCALE_AUDIT_ROWS audit rows (20 million; quick: 2 million). The rows are
// generated inside PostgreSQL (INSERT … SELECT FROM generate_series, in chunks of a million: the same rows a
// COPY would load, without shipping gigabytes through the bench), the audit rows with the writer MAC the
// vault's writer would give them (pgcrypto's hmac() over the writer's own content expression, under the
// chain key: load-audit-rows.ts), then sealed by `vault audit anchor`. Measured against the floors:
// tokenize throughput against the same server empty, the API's list pages (p95 of sequential calls), the
// dashboard's Overview, Tokens and Audit pages, usage over 30 days, `audit verify` incremental after
// 10,000 new rows and --full in rows/s. The EXPLAIN (ANALYZE, BUFFERS) plans of the list statements are
// printed for the notes.
// The list indexes (the two token list indexes, migration token_list_indexes, and the audit log's action
// index, migration audit_action_index) are dropped for the bulk load and built after it, one at a time,
// timed; then each index's insert cost at full size is measured in interleaved without/with pairs, and
// tokenize on the full database against a second server on an empty one, also in interleaved pairs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { load } from './load.mjs';
import { loadAuditRows, runCli } from './processes.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { card, DURATION, QUICK, redisUrl, WARMUP } from './settings.mjs';
import { loopNote, ms, percentile, rate } from './stats.mjs';
import { startVault, vaultEnv, withNext } from './vault-server.mjs';

const count = (name, full, quick) => Number(process.env[name] ?? (QUICK ? quick : full));
const TOKENS = count('BENCH_SCALE_TOKENS', 10_000_000, 1_000_000);
const AUDIT_ROWS = count('BENCH_SCALE_AUDIT_ROWS', 20_000_000, 2_000_000);
const CHUNK = 1_000_000;
const CALLS = 100;
const OWNER = 'scale-owner@vault.test';
const PASSWORD = `Bench-${randomBytes(9).toString('base64url')}-2030`;
const DAY_MS = 86_400_000;
/** Interleaved pairs per comparison (each list index without/with it; empty/full database). */
const COST_PAIRS = 2;

const seconds = (since) => (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);

/** `TOKENS` tokens spread over the last 365 days, last4 cycling through 10,000 values (1 in 10,000 match). */
async function loadTokens(client, { projectId, applicationId }) {
  for (let start = 0; start < TOKENS; start += CHUNK) {
    const end = Math.min(TOKENS, start + CHUNK);
    await client.query(
      `INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, key_version, mask, bin, last4, brand, fingerprint, test_mode, created_at)
       SELECT gen_random_uuid(), 'tok_scale' || lpad(g::text, 16, '0'), $1, $2, 'card', decode(md5(g::text) || md5((g * 7)::text), 'hex'), 1,
              '424242******' || lpad((g % 10000)::text, 4, '0'), '424242', lpad((g % 10000)::text, 4, '0'), 'visa', md5(g::text) || md5((g + 1)::text), true,
              now() - interval '1 day' - make_interval(secs => (g::float8 / $5) * 365 * 86400)
       FROM generate_series($3::int + 1, $4::int) g`,
      [projectId, applicationId, start, end, TOKENS],
    );
  }
}

/** The list indexes whose insert cost is measured (name and definition, as the migrations made them), for the load without them. */
const LIST_INDEXES = ['audit_logs_account_id_action_created_at_idx', 'tokens_project_id_created_at_id_idx', 'tokens_project_id_last4_created_at_id_idx'];
async function listIndexes(client) {
  const { rows } = await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1::text[]) ORDER BY tablename DESC, indexname`, [LIST_INDEXES]);
  if (rows.length !== LIST_INDEXES.length) throw new Error(`expected the list indexes ${LIST_INDEXES.join(', ')}, found ${rows.map((row) => row.indexname).join(', ') || 'none'}`);
  return rows;
}

/** The plan of one statement, as the notes want it. */
async function explain(client, title, text, values) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  console.log(`\n-- ${title}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
}

async function timedCalls(url, init, calls = CALLS) {
  const samples = [];
  for (let call = 0; call < calls + 3; call++) {
    const start = process.hrtime.bigint();
    const response = await fetch(url, { redirect: 'manual', ...init });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (call >= 3) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { p95: percentile(samples, 0.95), p50: percentile(samples, 0.5) };
}

export async function benchScale(masterKey) {
  const sizes = `${TOKENS.toLocaleString('en-US')} tokens, ${AUDIT_ROWS.toLocaleString('en-US')} audit rows`;
  console.log(`\n## Scale: ${sizes} (PostgreSQL)`);
  const databaseUrl = await scratchDatabase('scale');
  const env = {
    DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('scale'), VAULT_MASTER_KEY: masterKey,
    VAULT_ADMIN_EMAIL: OWNER, VAULT_ADMIN_PASSWORD: PASSWORD,
    // The bulk rows are sealed by `vault audit anchor` below, timed on their own.
    AUDIT_SEALER: 'off',
  };
  const vault = await startVault('scale', env);
  const vaultEnvironment = vaultEnv('scale', env);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const figures = [];
  try {
    const tokenize = { url: `${vault.url}/tokenize`, method: 'POST', headers: vault.headers, body: card, server: vault };
    await load('warm-up: tokenize, empty database', { ...tokenize, duration: WARMUP });
    const empty = await load('tokenize, empty database', { ...tokenize, duration: DURATION });

    const { rows } = await client.query(`SELECT a.project_id, p.account_id, a.id AS application_id FROM applications a JOIN projects p ON p.id = a.project_id ORDER BY a.created_at LIMIT 1`);
    const ids = { projectId: rows[0].project_id, accountId: rows[0].account_id, applicationId: rows[0].application_id };
    const indexes = await listIndexes(client);
    for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
    let since = process.hrtime.bigint();
    await loadTokens(client, ids);
    console.log(`load ${TOKENS.toLocaleString('en-US')} tokens: ${seconds(since)} s`);
    since = process.hrtime.bigint();
    const loaded = loadAuditRows(vaultEnvironment, { ...ids, rows: AUDIT_ROWS, chunk: CHUNK });
    console.log(`load ${AUDIT_ROWS.toLocaleString('en-US')} audit rows with writer MACs: ${seconds(since)} s (${loaded})`);
    since = process.hrtime.bigint();
    await client.query('VACUUM ANALYZE tokens');
    await client.query('VACUUM ANALYZE audit_logs');
    // The load's dirty pages written out now, not by a checkpoint in the middle of a timed run.
    await client.query('CHECKPOINT');
    console.log(`VACUUM ANALYZE, CHECKPOINT: ${seconds(since)} s`);
    const sealing = runCli(['audit', 'anchor'], vaultEnvironment);
    console.log(`seal ${AUDIT_ROWS.toLocaleString('en-US')} rows (vault audit anchor): ${sealing.seconds.toFixed(1)} s`);

    for (const index of indexes) {
      since = process.hrtime.bigint();
      await client.query(index.indexdef);
      await client.query('CHECKPOINT');
      console.log(`CREATE INDEX ${index.indexname}: ${seconds(since)} s`);
    }
    await load('warm-up: tokenize, full database', { ...tokenize, duration: WARMUP });
    // Insert cost per list index at this size: tokenize without it and with it, in interleaved pairs (each
    // pair drops and rebuilds it), from the mean of the pairs' ratios. One run after the other drifted more
    // than an index costs (a later run measured up to 36 % faster with one more index).
    for (const index of indexes) {
      const ratios = [];
      const pairs = [];
      for (let round = 0; round < COST_PAIRS; round++) {
        await client.query(`DROP INDEX "${index.indexname}"`);
        await client.query('CHECKPOINT');
        const without = await load(`tokenize, without ${index.indexname}`, { ...tokenize, duration: DURATION });
        await client.query(index.indexdef);
        await client.query('CHECKPOINT');
        const withIt = await load(`tokenize, with ${index.indexname}`, { ...tokenize, duration: DURATION });
        ratios.push(withIt.rps / without.rps);
        pairs.push(`${rate(without.rps)} → ${rate(withIt.rps)}`);
      }
      const cost = `${((1 - ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length) * 100).toFixed(1)} % of tokenize req/s (${pairs.join('; ')})`;
      console.log(`insert cost of ${index.indexname}: ${cost}`);
      figures.push(figure(`scale: insert cost of ${index.indexname}`, cost, '—', '—', null));
    }
    // Full against empty in interleaved pairs, the empty one a second server on a new database started now:
    // against the empty run of the start, half an hour earlier, the machine's drift decided the ratio
    // (0.70 in one full-size run, while the pairs above measured the full database within a few percent of itself).
    const fresh = await startVault('scale-empty', { ...env, DATABASE_URL: await scratchDatabase('scale_empty'), REDIS_KEY_PREFIX: scratchRedisPrefix('scale-empty') });
    const ratios = [];
    const pairs = [];
    let full;
    try {
      const emptyTokenize = { url: `${fresh.url}/tokenize`, method: 'POST', headers: fresh.headers, body: card, server: fresh };
      await load('warm-up: tokenize, a second server on an empty database', { ...emptyTokenize, duration: WARMUP });
      for (let round = 0; round < COST_PAIRS; round++) {
        const emptyRun = await load('tokenize, empty database (second server)', { ...emptyTokenize, duration: DURATION });
        full = await load(`tokenize, ${TOKENS.toLocaleString('en-US')} tokens, every index`, { ...tokenize, duration: DURATION });
        ratios.push(full.rps / emptyRun.rps);
        pairs.push(`${rate(full.rps)} ÷ ${rate(emptyRun.rps)}`);
      }
    } finally {
      await fresh.stop();
    }
    const ratio = ratios.reduce((sum, value) => sum + value, 0) / ratios.length;
    console.log(`tokenize, full ÷ empty: ${ratio.toFixed(2)} (${pairs.join('; ')}); the empty database at the start: ${rate(empty.rps)}`);
    figures.push(figure(`scale: tokenize, full ÷ empty database`, `${ratio.toFixed(2)} (${pairs.join('; ')})${loopNote(full)}`, '≥ 0.9', '—', ratio >= 0.9, false, [{ value: ratio, floor: 0.9, higher: true }]));

    // The server's sealer is off in this bench (the bulk rows were sealed above, timed): the rows the timed
    // runs wrote are sealed now, as a running sealer would have within seconds, so that usage reads their
    // counts (lib/audit/audit-day-counts.ts) as it does on a running server.
    const anchored = runCli(['audit', 'anchor'], vaultEnvironment);
    console.log(`seal the timed runs' rows (vault audit anchor): ${anchored.seconds.toFixed(1)} s`);

    const login = await fetch(`${vault.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER, password: PASSWORD }) });
    if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
    const session = { headers: { cookie: `vault_session=${(await login.json()).token}` } };
    const api = (path) => `${vault.url}${path}`;
    const deepDay = new Date(Date.now() - 300 * DAY_MS).toISOString();
    const deep = await (await fetch(api(`/api/tokens?limit=50&created_to=${encodeURIComponent(deepDay)}`), session)).json();
    const recent = new Date(Date.now() - 7 * DAY_MS).toISOString();
    const [pastFrom, pastTo] = [107, 100].map((days) => new Date(Date.now() - days * DAY_MS).toISOString());
    const lists = [
      ['GET /api/tokens, first page', `/api/tokens?limit=50`, 30],
      ['GET /api/tokens, last-4 filter', `/api/tokens?limit=50&last4=4242`, 30],
      ['GET /api/tokens, a cursor page 300 days deep', `/api/tokens?limit=50&cursor=${encodeURIComponent(deep.next_cursor)}`, 30],
      ['GET /api/audit-logs, action and 7-day range', `/api/audit-logs?action=detokenize&from=${encodeURIComponent(recent)}&to=${encodeURIComponent(new Date().toISOString())}`, 50],
      ['GET /api/audit-logs, action and a 7-day range 100 days back', `/api/audit-logs?action=detokenize&from=${encodeURIComponent(pastFrom)}&to=${encodeURIComponent(pastTo)}`, 50],
      ['GET /api/usage, 30 days', `/api/usage?project_id=${ids.projectId}`, 100],
    ];
    for (const [title, path, floor] of lists) {
      // One page failing (a 503) is that figure's FAIL; the rest of the section still runs.
      const result = await timedCalls(api(path), session).catch((error) => ({ error }));
      if (result.error) {
        console.log(`${title.padEnd(52)} ${result.error.message}`);
        figures.push(figure(`scale: ${title} (p95)`, `error: ${result.error.message}`, `≤ ${floor} ms`, '—', false, false, [{ value: Infinity, floor }]));
        continue;
      }
      console.log(`${title.padEnd(52)} p50 ${ms(result.p50)}   p95 ${ms(result.p95)}`);
      figures.push(figure(`scale: ${title} (p95)`, ms(result.p95), `≤ ${floor} ms`, '—', result.p95 <= floor, false, [{ value: result.p95, floor }]));
    }
    if (withNext) {
      for (const [name, section] of [['Overview', ''], ['Tokens', '/tokens'], ['Audit', '/audit'], ['Applications', '/applications']]) {
        const result = await timedCalls(api(`/dashboard/p/${ids.projectId}${section}`), session, 20);
        console.log(`${`dashboard ${name}`.padEnd(52)} p50 ${ms(result.p50)}   p95 ${ms(result.p95)}`);
        figures.push(figure(`scale: dashboard ${name} (p95)`, ms(result.p95), '≤ 200 ms', '—', result.p95 <= 200, false, [{ value: result.p95, floor: 200 }]));
      }
    } else {
      figures.push(figure('scale: dashboard pages', 'not measured: no Next build (npm run build)', '≤ 200 ms', '—', null));
    }

    // A full verify first (its rows/s is a figure; it is also what an incremental verify starts from), then
    // 10,000 new rows (tokenize) and an incremental verify: it seals them and checks from the last verified seal.
    const { rows: [{ total }] } = await client.query('SELECT count(*)::bigint AS total FROM audit_logs');
    const wholeChain = runCli(['audit', 'verify', '--full'], vaultEnvironment, { allowFailure: true });
    const perSecond = Number(total) / wholeChain.seconds;
    console.log(`vault audit verify --full: ${wholeChain.seconds.toFixed(1)} s for ${Number(total).toLocaleString('en-US')} rows — ${wholeChain.stdout.trim()}`);
    figures.push(figure('scale: audit verify --full', `${Math.round(perSecond).toLocaleString('en-US')} rows/s (${wholeChain.seconds.toFixed(1)} s)${wholeChain.status === 0 ? '' : ' (NOT intact)'}`, '—', '—', wholeChain.status === 0 ? null : false));
    await load('10,000 new audit rows (tokenize)', { ...tokenize, amount: 10_000, keepLatencies: false, connections: 20, server: undefined });
    const incremental = runCli(['audit', 'verify'], vaultEnvironment, { allowFailure: true });
    console.log(`vault audit verify (incremental, after 10,000 new rows): ${incremental.seconds.toFixed(2)} s — ${incremental.stdout.trim()}`);
    figures.push(figure('scale: audit verify, incremental after 10,000 rows', `${incremental.seconds.toFixed(2)} s`, '≤ 2 s', '—', incremental.status === 0 && incremental.seconds <= 2, false, [{ value: incremental.status === 0 ? incremental.seconds : Infinity, floor: 2 }]));

    // The plans, for the notes: the statements behind the list pages (as Prisma sends them, by hand). Token
    // pages are read one project at a time (lib/tokens/list-tokens.ts), so the plans are those of one project.
    const tokenColumns = 'id, token, project_id, type, mask, bin, last4, brand, fingerprint, test_mode, created_at, application_id';
    await explain(client, 'tokens, first page', `SELECT ${tokenColumns} FROM tokens WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT 51`, [ids.projectId]);
    await explain(client, 'tokens, last-4 filter', `SELECT ${tokenColumns} FROM tokens WHERE project_id = $1 AND last4 = $2 ORDER BY created_at DESC, id DESC LIMIT 51`, [ids.projectId, '4242']);
    await explain(client, 'tokens, deep cursor', `SELECT ${tokenColumns} FROM tokens WHERE project_id = $1 AND created_at < $2 ORDER BY created_at DESC, id DESC LIMIT 51`, [ids.projectId, deepDay]);
    // Audit pages are read as two index ranges (lib/audit/list-audit-logs.ts): the account's rows, and the rows without an account.
    const auditPage = (scope) => `SELECT id, seq, action, created_at FROM audit_logs WHERE ${scope} AND action = $2 AND created_at >= $3 AND created_at <= $4 ORDER BY created_at DESC, seq DESC LIMIT 51`;
    await explain(client, 'audit logs, action and 7-day range: the account\'s rows', auditPage('account_id = $1'), [ids.accountId, 'detokenize', recent, new Date()]);
    await explain(client, 'audit logs, action and 7-day range: rows without an account, of its project', auditPage('account_id IS NULL AND project_id = $1'), [ids.projectId, 'detokenize', recent, new Date()]);
    await explain(client, 'audit logs, action and a 7-day range 100 days back: the account\'s rows', auditPage('account_id = $1'), [ids.accountId, 'detokenize', pastFrom, pastTo]);
    return figures;
  } finally {
    await client.end();
    await vault.stop();
  }
}
