// The audit chain (PCI DSS 10.3.2, 10.5). Audit rows are written once and never touched again; the chain
// lives in narrow seal rows (audit_seals). Each seal covers the contiguous `seq` range after the previous
// seal's, lists the ids and MACs of the rows in it, keeps the running row count and the previous seal's MAC,
// and is MAC'd itself under the chain key. Which rows may be sealed: every audit INSERT takes the shared
// advisory lock AUDIT_INSERT_LOCK in its own statement, before `nextval` runs; the sealer takes it
// exclusively for an instant and reads the sequence's last value. Every insert that drew a seq up to that
// value has then committed or rolled back, so the range up to it is final and nothing can join it later.
// Sealers on several processes race for the next seal index; the primary key lets one win, the other
// goes on from it. On PGlite (one connection) each step is a short statement, so requests interleave.
import { createHmac } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import type { Logger } from '../logger';
import { CHAIN_COLUMNS, rowMac, type ChainRow } from './audit-row';

/** Shared by every audit INSERT (in its own statement), exclusive for the sealer's horizon read. */
export const AUDIT_INSERT_LOCK = 7_261_003;
export const GENESIS_MAC = Buffer.alloc(32);
const BATCH = { postgresql: 2_000, pglite: 100 } as const;

export type SealContent = {
  sealIndex: bigint;
  firstSeq: bigint;
  lastSeq: bigint;
  rowCount: bigint;
  prevMac: Uint8Array;
  rowIds: readonly string[];
  rowMacs: Uint8Array;
};

export function sealMac(key: Buffer, seal: SealContent): Buffer {
  return createHmac('sha256', key)
    .update(`vault-audit-seal/v1\n${seal.sealIndex}\n${seal.firstSeq}\n${seal.lastSeq}\n${seal.rowCount}\n${Buffer.from(seal.prevMac).toString('hex')}\n${seal.rowIds.join(',')}\n`)
    .update(seal.rowMacs)
    .digest();
}

/** The newest seal as an anchor: `<seal index>:<MAC hex>`, plus the rows sealed up to it. */
export type Anchor = { seal_index: string; mac: string; row_count: string };

type HeadRow = { seal_index: string | bigint; last_seq: string | bigint; row_count: string | bigint; mac: Uint8Array };

export async function chainHead(sql: Pick<SqlClient, 'query'>): Promise<HeadRow | undefined> {
  const [head] = await sql.query<HeadRow>('SELECT seal_index, last_seq, row_count, mac FROM audit_seals ORDER BY seal_index DESC LIMIT 1', [], 'vault_audit_chain_head');
  return head;
}

export const anchorOf = (head: HeadRow): Anchor => ({
  seal_index: String(head.seal_index),
  mac: Buffer.from(head.mac).toString('hex'),
  row_count: String(head.row_count),
});

/** The highest seq whose insert has finished (committed or rolled back): the sealer may seal up to it. */
async function sealHorizon(db: Pick<Database, 'sql'>): Promise<bigint> {
  return db.sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${AUDIT_INSERT_LOCK})`, [], 'vault_audit_horizon_lock');
    const [sequence] = await tx.query<{ last_value: string | bigint; is_called: boolean }>(
      'SELECT last_value, is_called FROM audit_logs_seq_seq',
      [],
      'vault_audit_horizon',
    );
    return sequence?.is_called ? BigInt(sequence.last_value) : 0n;
  });
}

export type SealRuntime = { db: Pick<Database, 'sql' | 'kind'>; keyring: Pick<Keyring, 'auditChainKey'>; logger?: Pick<Logger, 'info'> };

/** Seals every finished row; returns how many rows were sealed. Each new seal is logged as `audit.anchor`. */
export async function sealAuditLog(runtime: SealRuntime, options: { batchSize?: number } = {}): Promise<number> {
  const { sql } = runtime.db;
  const batch = options.batchSize ?? BATCH[runtime.db.kind];
  const key = runtime.keyring.auditChainKey();
  const horizon = await sealHorizon(runtime.db);
  let sealed = 0;
  for (;;) {
    const head = await chainHead(sql);
    const from = head ? BigInt(head.last_seq) : 0n;
    if (from >= horizon) return sealed;
    // Unnamed: planned with this range each time. A cached generic plan made while the table's statistics
    // were stale (right after a bulk load) scanned the whole table for every batch.
    const rows = await sql.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM audit_logs WHERE seq > $1 AND seq <= $2 ORDER BY audit_logs.seq LIMIT ${batch}`,
      [String(from), String(horizon)],
    );
    const seal: SealContent = {
      sealIndex: head ? BigInt(head.seal_index) + 1n : 1n,
      firstSeq: from + 1n,
      // A full batch ends at its last row; a short one covers the rest up to the horizon (rolled-back seqs included).
      lastSeq: rows.length === batch ? BigInt(rows.at(-1)!.seq) : horizon,
      rowCount: (head ? BigInt(head.row_count) : 0n) + BigInt(rows.length),
      prevMac: head ? head.mac : GENESIS_MAC,
      rowIds: rows.map((row) => row.id),
      rowMacs: Buffer.concat(rows.map((row) => rowMac(key, row.content))),
    };
    const mac = sealMac(key, seal);
    const inserted = await sql.query(
      `INSERT INTO audit_seals (seal_index, first_seq, last_seq, row_ids, row_macs, row_count, prev_mac, mac)
       VALUES ($1, $2, $3, $4::uuid[], $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING seal_index`,
      [String(seal.sealIndex), String(seal.firstSeq), String(seal.lastSeq), seal.rowIds, seal.rowMacs, String(seal.rowCount), seal.prevMac, mac],
      'vault_audit_insert_seal',
    );
    // PGlite: let the requests queued meanwhile run before the next batch.
    if (runtime.db.kind === 'pglite') await new Promise((resolve) => setImmediate(resolve));
    // Another process sealed this index first: go on from its seal.
    if (inserted.length === 0) continue;
    sealed += rows.length;
    runtime.logger?.info({ event: 'audit.anchor', ...anchorOf({ seal_index: seal.sealIndex, last_seq: seal.lastSeq, row_count: seal.rowCount, mac }) }, 'audit.anchor');
  }
}
