// Bench only (`node --import tsx`, env DATABASE_URL and VAULT_MASTER_KEY; arguments: rows, chunk, account,
// project and application ids): loads audit rows generated inside PostgreSQL, each with the MAC the vault's
// writer would have written (pgcrypto's hmac() over the writer's own content expression, WRITER_CONTENT,
// under the newest chain key), so that `vault audit anchor` seals them and verify finds them intact. Oldest
// first (seq follows created_at, as it does for written rows), spread over the last 365 days, a mix of
// actions and one in ten a failure. Prints the number of rows loaded.
import { WRITER_CONTENT } from '../../lib/audit/audit-row';
import { connectWithChainKey } from './chain-key-client';

const [rows, chunk] = process.argv.slice(2, 4).map(Number);
const [accountId, projectId, applicationId] = process.argv.slice(4, 7);
if (!rows || !chunk || !accountId || !projectId || !applicationId) throw new Error('usage: load-audit-rows.ts ROWS CHUNK ACCOUNT_ID PROJECT_ID APPLICATION_ID');

const { client, key } = await connectWithChainKey();
try {
  await client.query('CREATE EXTENSION IF NOT EXISTS pgcrypto');
  for (let start = 0; start < rows; start += chunk) {
    const end = Math.min(rows, start + chunk);
    // The CTE's columns carry the table's names (and created_at its millisecond precision), so the writer's
    // content expression reads them as it reads a stored row.
    await client.query(
      `WITH generated AS (
         SELECT n, gen_random_uuid() AS id, (ARRAY['tokenize', 'proxy.transaction', 'detokenize', 'test_token.create'])[1 + n % 4] AS action,
                CASE WHEN n % 10 = 0 THEN 'failure' ELSE 'success' END AS outcome, CASE WHEN n % 10 = 0 THEN 400 ELSE 201 END AS status_code,
                $1::uuid AS account_id, $2::uuid AS project_id, $3::uuid AS application_id, NULL::uuid AS user_id, NULL::uuid AS token_id,
                NULL::text AS resource, '127.0.0.1'::text AS ip, 'scale-' || n AS request_id,
                (now() - interval '1 day' - make_interval(secs => (1 - n::float8 / $6) * 365 * 86400))::timestamptz(3) AS created_at
         FROM generate_series($4::int + 1, $5::int) n
       )
       INSERT INTO audit_logs (id, action, outcome, status_code, account_id, project_id, application_id, user_id, token_id, resource, ip, request_id, created_at, writer_mac)
       SELECT id, action, outcome, status_code, account_id, project_id, application_id, user_id, token_id, resource, ip, request_id, created_at,
              hmac(convert_to(${WRITER_CONTENT}, 'UTF8'), $7::bytea, 'sha256')
       FROM generated ORDER BY n`,
      [accountId, projectId, applicationId, start, end, rows, key],
    );
  }
  console.log(`${rows} rows`);
} finally {
  await client.end();
}
