// Issue 25's figures, PostgreSQL + Redis. (1) Tokenize with `token_format: "pan_preserving"` and with
// metadata (three keys, one of them searchable, so its index entry is written), each as a ratio to plain
// tokenize on the same server, in interleaved rounds; every variant cycles through the same 1,000 cards (a
// single card would fill its pan_preserving bucket and measure redraws). (2) Search at BENCH_SEARCH_TOKENS
// tokens in one project (default 1 million): the rows are generated inside PostgreSQL (as the scale section
// does), each with a searchable metadata entry (two tokens per customer) and its own fingerprint; a few
// hundred real tokens made through the API are what the searches look for. p95 of sequential calls by
// metadata and by fingerprint, each call a different customer or card, on both routes: POST /tokens/search
// (an API key with the search permission, made by `vault app create --search`) and POST
// /api/tokens/search (a dashboard session).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { rounds, load } from './load.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { QUICK, redisUrl, WARMUP } from './settings.mjs';
import { ms, percentile } from './stats.mjs';
import { runCli } from './processes.mjs';
import { startVault, vaultEnv } from './vault-server.mjs';

const SEARCH_TOKENS = Number(process.env.BENCH_SEARCH_TOKENS ?? 1_000_000);
const REAL_TOKENS = QUICK ? 100 : 300;
const CALLS = QUICK ? 100 : 300;
const CHUNK = 500_000;
const OWNER = 'tokens-owner@vault.test';
const PASSWORD = `Bench-${randomBytes(9).toString('base64url')}-2030`;

/** `count` distinct Luhn-valid 16-digit Visa numbers of a 6-digit BIN. */
function cards(count, bin = '411111') {
  return Array.from({ length: count }, (_, index) => {
    const body = `${bin}${String(100_000_000 + index * 7919).slice(-9)}`;
    let sum = 0;
    for (let position = 0; position < body.length; position++) {
      let digit = Number(body[body.length - 1 - position]);
      if (position % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return body + String((10 - (sum % 10)) % 10);
  });
}

const cardBody = (cardNumber, extra = {}) => JSON.stringify({ type: 'card', data: { cardNumber, expirationMonth: '12', expirationYear: '2030' }, ...extra });

async function benchFormats(vault) {
  const pans = cards(1000);
  const request = { url: `${vault.url}/tokenize`, method: 'POST', headers: vault.headers, server: vault };
  const variants = [
    { title: 'tokenize — plain', options: { ...request, bodies: pans.map((pan) => cardBody(pan)) } },
    { title: 'tokenize — pan_preserving', options: { ...request, bodies: pans.map((pan) => cardBody(pan, { token_format: 'pan_preserving' })) } },
    {
      title: 'tokenize — metadata (3 keys, 1 searchable)',
      options: { ...request, bodies: pans.map((pan, index) => cardBody(pan, { metadata: { customer_id: `cus_${index}`, order_ref: `ord_${index}_${pan.slice(-4)}`, plan: 'gold' } })) },
    },
    {
      // The same metadata under keys no project searches by: the sealed column alone, no index entry.
      title: 'tokenize — metadata (3 keys, none searchable)',
      options: { ...request, bodies: pans.map((pan, index) => cardBody(pan, { metadata: { customer_ref: `cus_${index}`, order_ref: `ord_${index}_${pan.slice(-4)}`, plan: 'gold' } })) },
    },
  ];
  for (const variant of variants) await load(`warm-up: ${variant.title}`, { ...variant.options, duration: WARMUP });
  const [plain, pan, metadata, unindexed] = await rounds(variants);
  const ratio = (run) => run.rps / plain.rps;
  return [
    figure('tokenize pan_preserving ÷ plain', `${ratio(pan).toFixed(2)} (${pan.rps.toFixed(0)} ÷ ${plain.rps.toFixed(0)})`, '≥ 0.9', '—', ratio(pan) >= 0.9, false, [{ value: ratio(pan), floor: 0.9, higher: true }]),
    figure('tokenize with metadata ÷ plain', `${ratio(metadata).toFixed(2)} (${metadata.rps.toFixed(0)} ÷ ${plain.rps.toFixed(0)})`, '≥ 0.9', '—', ratio(metadata) >= 0.9, false, [{ value: ratio(metadata), floor: 0.9, higher: true }]),
    figure('tokenize with metadata, no key searchable ÷ plain', `${ratio(unindexed).toFixed(2)} (${unindexed.rps.toFixed(0)} ÷ ${plain.rps.toFixed(0)})`, '—', '—', null),
  ];
}

/** SEARCH_TOKENS generated tokens, each with a customer_id entry (two per customer) and its own fingerprint. */
async function loadTokens(client, { projectId, applicationId }) {
  for (let start = 0; start < SEARCH_TOKENS; start += CHUNK) {
    const end = Math.min(SEARCH_TOKENS, start + CHUNK);
    await client.query(
      `WITH made AS (
         INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, key_version, mask, bin, last4, brand, fingerprint, test_mode, created_at, last_used_at)
         SELECT gen_random_uuid(), 'tok_search' || lpad(g::text, 14, '0'), $1, $2, 'card', decode(md5(g::text) || md5((g * 7)::text), 'hex'), 1,
                '424242******' || lpad((g % 10000)::text, 4, '0'), '424242', lpad((g % 10000)::text, 4, '0'), 'visa', md5(g::text) || md5((g + 1)::text), true,
                now() - interval '1 day' - make_interval(secs => (g::float8 / $5) * 365 * 86400), now()
         FROM generate_series($3::int + 1, $4::int) g
         RETURNING id, project_id, created_at, token
       )
       INSERT INTO token_search_entries (token_id, project_id, key, value_mac, created_at)
       SELECT id, project_id, 'customer_id', md5((substr(token, 11)::bigint / 2)::text), created_at FROM made`,
      [projectId, applicationId, start, end, SEARCH_TOKENS],
    );
  }
}

/** p50 and p95 of `calls` sequential POSTs, each with the next body. */
async function timedSearches(url, headers, bodies) {
  const samples = [];
  for (const [index, body] of bodies.entries()) {
    const started = process.hrtime.bigint();
    const response = await fetch(url, { method: 'POST', headers, body });
    const json = await response.json();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(json).slice(0, 200)}`);
    if (!json.data.length) throw new Error(`${url} found nothing for ${body}`);
    if (index >= 3) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function benchSearch(vault, databaseUrl, env) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT a.project_id, a.id AS application_id FROM applications a ORDER BY a.created_at LIMIT 1`);
    const ids = { projectId: rows[0].project_id, applicationId: rows[0].application_id };
    let since = process.hrtime.bigint();
    await loadTokens(client, ids);
    await client.query('VACUUM ANALYZE tokens');
    await client.query('VACUUM ANALYZE token_search_entries');
    await client.query('CHECKPOINT');
    console.log(`load ${SEARCH_TOKENS.toLocaleString('en-US')} tokens with search entries, VACUUM ANALYZE: ${(Number(process.hrtime.bigint() - since) / 1e9).toFixed(1)} s`);

    // The real tokens the searches look for, made through the API (their entries are the server's MACs).
    const pans = cards(REAL_TOKENS, '400005');
    const fingerprints = [];
    for (const [index, pan] of pans.entries()) {
      const response = await fetch(`${vault.url}/tokenize`, { method: 'POST', headers: vault.headers, body: cardBody(pan, { metadata: { customer_id: `cus_real_${index}` } }) });
      if (response.status !== 201) throw new Error(`tokenize answered ${response.status}`);
      fingerprints.push((await response.json()).fingerprint);
    }
    const login = await fetch(`${vault.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER, password: PASSWORD }) });
    if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
    const session = { cookie: `vault_session=${(await login.json()).token}`, 'content-type': 'application/json', origin: vault.url };
    const searchKey = JSON.parse(runCli(['app', 'create', '--name', 'Benchmark search', '--search', '--json'], env).stdout).api_key;
    const key = { 'x-api-key': searchKey, 'content-type': 'application/json' };
    const pick = (index) => index % REAL_TOKENS;
    const byMetadata = (scope) => Array.from({ length: CALLS }, (_, index) => JSON.stringify({ ...scope, metadata: { customer_id: `cus_real_${pick(index)}` } }));
    const byFingerprint = (scope) => Array.from({ length: CALLS }, (_, index) => JSON.stringify({ ...scope, fingerprint: fingerprints[pick(index)] }));
    const inProject = { project_id: ids.projectId };
    const searches = [
      ['POST /tokens/search (API key) by metadata', '/tokens/search', key, byMetadata({})],
      ['POST /tokens/search (API key) by fingerprint', '/tokens/search', key, byFingerprint({})],
      ['POST /api/tokens/search (session) by metadata', '/api/tokens/search', session, byMetadata(inProject)],
      ['POST /api/tokens/search (session) by fingerprint', '/api/tokens/search', session, byFingerprint(inProject)],
    ];
    const figures = [];
    for (const [title, path, headers, bodies] of searches) {
      const result = await timedSearches(`${vault.url}${path}`, headers, bodies).catch((error) => ({ error }));
      if (result.error) {
        console.log(`${title.padEnd(52)} ${result.error.message}`);
        figures.push(figure(`${title}, ${SEARCH_TOKENS.toLocaleString('en-US')} tokens (p95)`, `error: ${result.error.message}`, '≤ 20 ms', '—', false, false, [{ value: Infinity, floor: 20 }]));
        continue;
      }
      console.log(`${title.padEnd(52)} p50 ${ms(result.p50)}   p95 ${ms(result.p95)}`);
      figures.push(figure(`${title}, ${SEARCH_TOKENS.toLocaleString('en-US')} tokens (p95)`, ms(result.p95), '≤ 20 ms', '—', result.p95 <= 20, false, [{ value: result.p95, floor: 20 }]));
    }
    return figures;
  } finally {
    await client.end();
  }
}

export async function benchTokenLifecycle(masterKey) {
  console.log(`\n## Token formats, metadata and search (PostgreSQL + Redis)`);
  const databaseUrl = await scratchDatabase('tokens');
  const overrides = {
    DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('tokens'), VAULT_MASTER_KEY: masterKey,
    VAULT_ADMIN_EMAIL: OWNER, VAULT_ADMIN_PASSWORD: PASSWORD,
  };
  const vault = await startVault('tokens', overrides);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // customer_id is searchable: the metadata variant writes its index entry, as a merchant's would.
    await client.query(`UPDATE projects SET searchable_metadata_keys = '{customer_id}'`);
    const formats = await benchFormats(vault);
    // A failed search part is its figure's FAIL; the format figures above still count.
    const search = await benchSearch(vault, databaseUrl, vaultEnv('tokens', overrides)).catch((error) => [figure('token search', `error: ${String(error.message).split('\n')[0]}`, '≤ 20 ms', '—', false)]);
    return [...formats, ...search];
  } finally {
    await client.end();
    await vault.stop();
  }
}
