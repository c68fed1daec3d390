// `npx vault audit verify --full` on BENCH_AUDIT_ROWS (default 1 million) audit rows in a scratch
// PostgreSQL database. The rows are bulk-loaded in one statement (the per-insert advisory lock only orders
// concurrent writers; nothing else runs here), given the writer MAC the vault's writer would add, sealed by the CLI (`audit anchor` seals first; timed and
// printed too), then verified from the start. Both timings are the whole command, start-up included.
import pg from 'pg';
import { runCli, signBulkAuditRows } from './processes.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { AUDIT_ROWS, redisUrl } from './settings.mjs';
import { vaultEnv } from './vault-server.mjs';

export async function benchAudit(masterKey) {
  const count = AUDIT_ROWS.toLocaleString('en-US');
  console.log(`\n## Audit chain: seal and verify ${count} rows (PostgreSQL)`);
  const databaseUrl = await scratchDatabase('audit');
  const env = vaultEnv('audit', { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('audit'), VAULT_MASTER_KEY: masterKey });
  runCli(['migrate'], env);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = process.hrtime.bigint();
  try {
    await client.query(
      `INSERT INTO audit_logs (id, action, outcome, status_code, request_id, ip, account_id)
       SELECT gen_random_uuid(), 'tokenize', 'success', 201, 'bench-' || g, '127.0.0.1', NULL FROM generate_series(1, $1::int) g`,
      [AUDIT_ROWS],
    );
    await client.query('ANALYZE audit_logs');
  } finally {
    await client.end();
  }
  console.log(`load ${count} rows: ${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(1)} s`);
  // Rows the writer did not write carry no writer MAC: the sealer would stop at the first as a forgery.
  const signing = process.hrtime.bigint();
  signBulkAuditRows(env);
  console.log(`writer MACs for ${count} rows: ${(Number(process.hrtime.bigint() - signing) / 1e9).toFixed(1)} s`);
  const seal = runCli(['audit', 'anchor'], env);
  console.log(`seal ${count} rows (vault audit anchor): ${seal.seconds.toFixed(1)} s`);
  const verify = runCli(['audit', 'verify', '--full'], env, { allowFailure: true });
  console.log(`verify ${count} rows (vault audit verify --full): ${verify.seconds.toFixed(1)} s — ${verify.stdout.trim()}`);
  const intact = verify.status === 0 && verify.stdout.startsWith('Audit chain intact');
  const scaled = AUDIT_ROWS === 1_000_000 ? '' : ` on ${count} rows (floor is for 1,000,000)`;
  return [
    figure(`seal ${count} rows`, `${seal.seconds.toFixed(1)} s`, '—', '—', null),
    figure(`audit verify --full, ${count} rows`, `${verify.seconds.toFixed(1)} s${intact ? '' : ' (NOT intact)'}${scaled}`, '≤ 10 s', '≤ 3 s', intact && verify.seconds <= 10, verify.seconds <= 3),
  ];
}
