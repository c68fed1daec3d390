// Bench only (`node --import tsx`, env DATABASE_URL and VAULT_MASTER_KEY): gives audit rows bulk-loaded with
// SQL (no writer, so no writer MAC) the MAC the vault's writer would have written, so that the sealer seals
// them and verify finds them intact; rows without one are forgeries to the vault (issue 21). The key is the
// newest audit chain key in vault_keys, opened with the master key as the vault does at start.
import { rowMac, WRITER_CONTENT } from '../../lib/audit/audit-row';
import { connectWithChainKey } from './chain-key-client';

const BATCH = 20_000;

const { client, key } = await connectWithChainKey();
try {
  // audit_logs is append-only (a trigger refuses UPDATE): on this scratch database, as its superuser, the
  // session skips triggers to add what the bulk load left out.
  await client.query("SET session_replication_role = 'replica'");
  let signed = 0;
  for (;;) {
    const { rows } = await client.query<{ id: string; content: string }>(`SELECT id, ${WRITER_CONTENT} AS content FROM audit_logs WHERE writer_mac IS NULL LIMIT ${BATCH}`);
    if (rows.length === 0) break;
    await client.query('UPDATE audit_logs SET writer_mac = signed.mac FROM unnest($1::uuid[], $2::bytea[]) AS signed(id, mac) WHERE audit_logs.id = signed.id', [
      rows.map((row) => row.id),
      rows.map((row) => rowMac(key, row.content)),
    ]);
    signed += rows.length;
  }
  console.log(`signed ${signed} bulk-loaded audit rows`);
} finally {
  await client.end();
}
