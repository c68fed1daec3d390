// The audit chain (PCI DSS 10.3.2, 10.5). Audit rows are written once and never touched again; the chain
// lives in narrow seal rows (audit_seals). Each seal covers the contiguous `seq` range after the previous
// seal's, lists the ids and MACs of the rows in it, keeps the running row count and the previous seal's MAC,
// and is MAC'd itself under the chain key. Which rows may be sealed: every audit INSERT takes the shared
// advisory lock AUDIT_INSERT_LOCK in its own statement, before `nextval` runs; the sealer takes it
// exclusively for an instant and reads the sequence's last value. Every insert that drew a seq up to that
// value has then committed or rolled back, so the range up to it is final and nothing can join it later.
// Sealers on several processes race for the next seal index; the primary key lets one win, the other
// goes on from it. On PGlite (one connection) each step is a short statement, so requests interleave.
//
// Only rows the vault wrote are sealed: each row's writer MAC (lib/audit/audit-row.ts) must verify under the
// chain key. At the first row whose MAC is missing or wrong the sealer seals what comes before it and stops:
// it logs `audit.forged_row` (an error, with the row id) and the chain is not extended past it, so the
// backlog gauges (vault_audit_unsealed_rows, vault_audit_seal_lag_seconds) grow until an operator deals
// with the row, and `vault audit verify` names it (`not written by the vault: <id>`). Rows written before
// writer MACs existed are sealed once, at upgrade (lib/audit/upgrade-writer-macs.ts, `legacyUpToSeq`).
//
// Seals are MAC'd under the newest chain key epoch (lib/audit/audit-epochs.ts); each new seal is logged as
// `audit.anchor` and, with AUDIT_ANCHOR_FILE, appended to that file (lib/audit/anchor-file.ts).
import { createHmac } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Config } from '../config';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import type { Logger } from '../logger';
import { publishAnchors } from './anchor-file';
import { INSERT_SEAL_AND_COUNT } from './audit-day-counts';
import { CHAIN_COLUMNS_WITH_WRITER_MAC, MAC_SLICE, rowMac, writtenByVault, type ChainRow } from './audit-row';

/** Shared by every audit INSERT (in its own statement), exclusive for the sealer's horizon read. */
export const AUDIT_INSERT_LOCK = 7_261_003;
export const GENESIS_MAC = Buffer.alloc(32);
const BATCH = { postgresql: 2_000, pglite: 100 } as const;

/** The seal format written now: rows checked against their writer MAC, the key epoch inside the MAC. */
export const SEAL_VERSION = 2;

export type SealContent = {
  /** 1: before writer MACs and epochs (always epoch 1); 2: now. */
  version: number;
  epoch: number;
  sealIndex: bigint;
  firstSeq: bigint;
  lastSeq: bigint;
  rowCount: bigint;
  prevMac: Uint8Array;
  rowIds: readonly string[];
  rowMacs: Uint8Array;
};

export function sealMac(key: Buffer, seal: SealContent): Buffer {
  const head = seal.version === 1 ? 'vault-audit-seal/v1' : `vault-audit-seal/v${seal.version}\n${seal.epoch}`;
  return createHmac('sha256', key)
    .update(`${head}\n${seal.sealIndex}\n${seal.firstSeq}\n${seal.lastSeq}\n${seal.rowCount}\n${Buffer.from(seal.prevMac).toString('hex')}\n${seal.rowIds.join(',')}\n`)
    .update(seal.rowMacs)
    .digest();
}

/** The newest seal as an anchor: `<seal index>:<MAC hex>`, plus the rows sealed up to it. */
export type Anchor = { seal_index: string; mac: string; row_count: string };

type HeadRow = { seal_index: string | bigint; last_seq: string | bigint; row_count: string | bigint; mac: Uint8Array; epoch: number };

export async function chainHead(sql: Pick<SqlClient, 'query'>): Promise<HeadRow | undefined> {
  const [head] = await sql.query<HeadRow>('SELECT seal_index, last_seq, row_count, mac, epoch FROM audit_seals ORDER BY seal_index DESC LIMIT 1', [], 'vault_audit_chain_head_v2');
  return head;
}

/** The seal that follows `head` (the first when there is none), over `rows` of seqs up to `lastSeq`. */
export function nextSeal(head: HeadRow | undefined, options: { epoch: number; lastSeq: bigint; rowIds: readonly string[]; rowMacs: Uint8Array }): SealContent {
  return {
    version: SEAL_VERSION,
    epoch: options.epoch,
    sealIndex: head ? BigInt(head.seal_index) + 1n : 1n,
    firstSeq: (head ? BigInt(head.last_seq) : 0n) + 1n,
    lastSeq: options.lastSeq,
    rowCount: (head ? BigInt(head.row_count) : 0n) + BigInt(options.rowIds.length),
    prevMac: head ? head.mac : GENESIS_MAC,
    rowIds: options.rowIds,
    rowMacs: options.rowMacs,
  };
}

export const anchorOf = (head: Omit<HeadRow, 'epoch'>): Anchor => ({
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

export type SealRuntime = {
  db: Pick<Database, 'sql' | 'kind'>;
  keyring: Pick<Keyring, 'auditChainKey' | 'auditChainEpoch'>;
  logger?: Pick<Logger, 'info' | 'error'>;
  /** AUDIT_ANCHOR_FILE: each new seal's anchor is appended there. */
  config?: Pick<Config, 'AUDIT_ANCHOR_FILE'>;
};

export type SealOptions = {
  batchSize?: number;
  /**
   * Upgrade only: rows up to this seq (written before writer MACs, audit_writer_mac_start) are sealed without
   * one; a wrong MAC still stops, and so does a row without one after it.
   */
  legacyUpToSeq?: bigint;
};

/**
 * The rows of a batch up to the first one the vault did not write, that one, and the seal's MACs of the
 * rows kept. Done in slices: a whole batch at two HMACs a row held the event loop for tens of milliseconds
 * under load (the tokenize bench's p99).
 */
async function checkAndMac(key: Buffer, read: ChainRow[], legacyUpToSeq: bigint): Promise<{ rows: ChainRow[]; forged: ChainRow | null; rowMacs: Buffer }> {
  const macs: Buffer[] = [];
  for (let at = 0; at < read.length; at++) {
    if (at > 0 && at % MAC_SLICE === 0) await nextTurn();
    const row = read[at]!;
    if (!(writtenByVault(key, row) || (!row.writer_mac && BigInt(row.seq) <= legacyUpToSeq))) return { rows: read.slice(0, at), forged: row, rowMacs: Buffer.concat(macs) };
    macs.push(rowMac(key, row.content));
  }
  return { rows: read, forged: null, rowMacs: Buffer.concat(macs) };
}

// Each forged row is logged once per process (the sealer meets it again every pass).
const reported = new Set<string>();

function reportForgedRow(logger: SealRuntime['logger'], row: ChainRow): void {
  if (reported.has(row.id)) return;
  reported.add(row.id);
  logger?.error(
    { event: 'audit.forged_row', id: row.id, seq: row.seq },
    'audit row not written by the vault (missing or wrong writer MAC): sealing stops before it until it is dealt with',
  );
}

/**
 * Seals every finished row the vault wrote; returns how many rows were sealed. Each new seal is logged as
 * `audit.anchor` (and published to the anchor file). Stops before a row the vault did not write.
 */
export async function sealAuditLog(runtime: SealRuntime, options: SealOptions = {}): Promise<number> {
  const { sql } = runtime.db;
  const batch = options.batchSize ?? BATCH[runtime.db.kind];
  const key = runtime.keyring.auditChainKey();
  const epoch = runtime.keyring.auditChainEpoch();
  const horizon = await sealHorizon(runtime.db);
  let sealed = 0;
  const anchors: Anchor[] = [];
  try {
    for (;;) {
      const head = await chainHead(sql);
      if (head && head.epoch > epoch) throw new Error(`the audit chain is at key epoch ${head.epoch}, this process has epoch ${epoch}: restart it`);
      const from = head ? BigInt(head.last_seq) : 0n;
      if (from >= horizon) return sealed;
      // Unnamed: planned with this range each time. A cached generic plan made while the table's statistics
      // were stale (right after a bulk load) scanned the whole table for every batch.
      const read = await sql.query<ChainRow>(
        `SELECT ${CHAIN_COLUMNS_WITH_WRITER_MAC} FROM audit_logs WHERE seq > $1 AND seq <= $2 ORDER BY audit_logs.seq LIMIT ${batch}`,
        [String(from), String(horizon)],
      );
      const { rows, forged, rowMacs } = await checkAndMac(key, read, options.legacyUpToSeq ?? 0n);
      if (forged) reportForgedRow(runtime.logger, forged);
      // A full batch ends at its last row; a short one covers the rest up to the horizon (rolled-back seqs
      // included); a batch cut at a forged row ends just before it.
      const lastSeq = forged ? BigInt(forged.seq) - 1n : read.length === batch ? BigInt(read.at(-1)!.seq) : horizon;
      if (lastSeq <= from) return sealed;
      const seal = nextSeal(head, { epoch, lastSeq, rowIds: rows.map((row) => row.id), rowMacs });
      const mac = await insertSeal(sql, seal, key);
      // PGlite: let the requests queued meanwhile run before the next batch.
      if (runtime.db.kind === 'pglite') await nextTurn();
      // Another process sealed this index first: go on from its seal.
      if (!mac) continue;
      sealed += rows.length;
      const anchor = anchorOf({ seal_index: seal.sealIndex, last_seq: seal.lastSeq, row_count: seal.rowCount, mac });
      anchors.push(anchor);
      runtime.logger?.info({ event: 'audit.anchor', ...anchor }, 'audit.anchor');
      if (forged) return sealed;
    }
  } finally {
    if (anchors.length && runtime.config?.AUDIT_ANCHOR_FILE) {
      await publishAnchors(runtime.config.AUDIT_ANCHOR_FILE, anchors).catch((error: unknown) =>
        runtime.logger?.error({ err: error, event: 'audit.anchor_publish_failed' }, 'could not append to AUDIT_ANCHOR_FILE'),
      );
    }
  }
}

/** Inserts a seal MAC'd under `key` (and, for a key change seal, `linkKey`); its MAC, or null when the index was taken. */
export async function insertSeal(sql: Pick<SqlClient, 'query'>, seal: SealContent, key: Buffer, linkKey?: Buffer): Promise<Buffer | null> {
  const mac = sealMac(key, seal);
  // The seal's rows are counted per project, day and action in the same statement (audit-day-counts.ts).
  const inserted = await sql.query(
    INSERT_SEAL_AND_COUNT,
    [
      String(seal.sealIndex), String(seal.firstSeq), String(seal.lastSeq), seal.rowIds, seal.rowMacs, String(seal.rowCount), seal.prevMac, mac,
      seal.version, seal.epoch, linkKey ? sealMac(linkKey, seal) : null,
    ],
  );
  return inserted.length ? mac : null;
}
