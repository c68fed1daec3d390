// Verifying the audit chain (lib/audit/audit-chain.ts). The whole chain (`npx vault audit verify`): every
// seal follows the previous one (index, seq range, running count, previous MAC), its MAC recomputes under
// the chain key, and the rows in its range are exactly the rows it lists, in order, each with its MAC. So an
// edited, deleted, inserted or reordered row is named, and a seal forged without the key is refused. A
// checkpoint (MAC'd too) lets a repeat read only the seals added since; `full` ignores it. An anchor
// (`<seal index>:<MAC>` logged or exported earlier) must still be in the chain, unchanged: the tail
// since then was neither truncated nor rewritten.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import { GENESIS_MAC, anchorOf, sealMac, type Anchor, type SealContent } from './audit-chain';
import { CHAIN_COLUMNS, MAC_BYTES, rowMac, type ChainRow } from './audit-row';

export type ChainVerification = { valid: boolean; checked: number; first_broken_id: string | null };
export type InstallationVerification = ChainVerification & {
  /** Why it is not valid (the broken row, seal, anchor or checkpoint), for the operator. */
  reason: string | null;
  /** The newest seal verified, as an anchor. */
  head: Anchor | null;
  /** Seals read by this run (fewer than all after a checkpoint). */
  seals: number;
};

type VerifyRuntime = { db: Pick<Database, 'sql'>; keyring: Pick<Keyring, 'auditChainKey'> };
type StoredSeal = {
  seal_index: string | bigint;
  first_seq: string | bigint;
  last_seq: string | bigint;
  row_ids: string;
  row_macs: Uint8Array;
  row_count: string | bigint;
  prev_mac: Uint8Array;
  mac: Uint8Array;
};
type SealRow = Omit<StoredSeal, 'row_ids'> & { row_ids: string[] };
type Link = { index: bigint; lastSeq: bigint; rowCount: bigint; mac: Uint8Array };

// row_ids as one text (split here): parsing a 2,000-element uuid[] literal was a tenth of a full verify.
const SEAL_COLUMNS = "seal_index, first_seq, last_seq, array_to_string(row_ids, ',') AS row_ids, row_macs, row_count, prev_mac, mac";
const SEALS_PER_READ = 20;
/** The checkpoint `vault audit verify` keeps; the background watch keeps its own (lib/audit/watch-audit-chain.ts). */
const CLI_CHECKPOINT = 'cli';
const START: Link = { index: 0n, lastSeq: 0n, rowCount: 0n, mac: GENESIS_MAC };

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);

function contentOf(seal: SealRow): SealContent {
  return {
    sealIndex: BigInt(seal.seal_index),
    firstSeq: BigInt(seal.first_seq),
    lastSeq: BigInt(seal.last_seq),
    rowCount: BigInt(seal.row_count),
    prevMac: seal.prev_mac,
    rowIds: seal.row_ids,
    rowMacs: seal.row_macs,
  };
}

/** Why a seal does not follow `previous` or does not recompute; null when it is sound. */
function sealFault(key: Buffer, seal: SealRow, previous: Link): string | null {
  const content = contentOf(seal);
  if (content.sealIndex !== previous.index + 1n) return `seal ${previous.index + 1n} is missing`;
  if (content.firstSeq !== previous.lastSeq + 1n) return `seal ${content.sealIndex} does not start where seal ${previous.index} ended`;
  if (!sameBytes(content.prevMac, previous.mac)) return `seal ${content.sealIndex} does not link to seal ${previous.index}`;
  if (content.rowCount !== previous.rowCount + BigInt(content.rowIds.length)) return `seal ${content.sealIndex} has a wrong row count`;
  if (content.rowMacs.length !== content.rowIds.length * MAC_BYTES) return `seal ${content.sealIndex} is malformed`;
  if (!sameBytes(sealMac(key, content), seal.mac)) return `seal ${content.sealIndex} does not verify under the chain key`;
  return null;
}

const sealRow = (stored: StoredSeal): SealRow => ({ ...stored, row_ids: stored.row_ids ? stored.row_ids.split(',') : [] });

async function readSeals(sql: Pick<SqlClient, 'query'>, where: string, values: unknown[]): Promise<SealRow[]> {
  return (await sql.query<StoredSeal>(`SELECT ${SEAL_COLUMNS} FROM audit_seals ${where}`, values)).map(sealRow);
}

const macMatches = (key: Buffer, row: ChainRow, macs: Uint8Array, index: number) =>
  Buffer.from(macs.buffer, macs.byteOffset, macs.byteLength).compare(rowMac(key, row.content), 0, MAC_BYTES, index * MAC_BYTES, (index + 1) * MAC_BYTES) === 0;

/** The first row of the seal's range that differs from what the seal lists (edited, deleted, inserted, moved). */
function firstBrokenRow(key: Buffer, seal: SealRow, rows: ChainRow[]): string | null {
  // The common case: the same ids in the same order; only the MACs need computing.
  if (rows.length === seal.row_ids.length && rows.every((row, index) => row.id === seal.row_ids[index])) {
    const broken = rows.findIndex((row, index) => !macMatches(key, row, seal.row_macs, index));
    return broken === -1 ? null : rows[broken]!.id;
  }
  const position = new Map(rows.map((row, index) => [row.id, index]));
  let next = 0;
  for (const [index, id] of seal.row_ids.entries()) {
    const at = position.get(id);
    if (at === undefined) return id;
    if (at !== next) return rows[next]!.id;
    if (!macMatches(key, rows[at]!, seal.row_macs, index)) return id;
    next += 1;
  }
  return next < rows.length ? rows[next]!.id : null;
}

const checkpointMac = (key: Buffer, sealIndex: bigint, sealMacBytes: Uint8Array) =>
  createHmac('sha256', key).update(`vault-audit-checkpoint/v1\n${sealIndex}\n${Buffer.from(sealMacBytes).toString('hex')}`).digest();

/** Where the last verification ended, if its checkpoint and the seal it names are both intact. */
async function readCheckpoint(sql: Pick<SqlClient, 'query'>, key: Buffer, name: string): Promise<Link | null> {
  const [checkpoint] = await sql.query<{ seal_index: string | bigint; seal_mac: Uint8Array; mac: Uint8Array }>(
    'SELECT seal_index, seal_mac, mac FROM audit_checkpoints WHERE name = $1',
    [name],
  );
  if (!checkpoint || !sameBytes(checkpoint.mac, checkpointMac(key, BigInt(checkpoint.seal_index), checkpoint.seal_mac))) return null;
  const [seal] = await readSeals(sql, 'WHERE seal_index = $1', [String(checkpoint.seal_index)]);
  if (!seal || !sameBytes(seal.mac, checkpoint.seal_mac)) return null;
  return { index: BigInt(seal.seal_index), lastSeq: BigInt(seal.last_seq), rowCount: BigInt(seal.row_count), mac: seal.mac };
}

async function writeCheckpoint(sql: Pick<SqlClient, 'query'>, key: Buffer, name: string, head: Link): Promise<void> {
  await sql.query(
    `INSERT INTO audit_checkpoints (name, seal_index, seal_mac, mac) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET seal_index = EXCLUDED.seal_index, seal_mac = EXCLUDED.seal_mac, mac = EXCLUDED.mac, updated_at = now()`,
    [name, String(head.index), head.mac, checkpointMac(key, head.index, head.mac)],
  );
}

export type AnchorClaim = { sealIndex: bigint; mac: string };

/** Parses `<seal index>:<MAC hex>`; null when it is not one. */
export function parseAnchor(text: string): AnchorClaim | null {
  const match = /^([1-9]\d{0,18}):([0-9a-f]{64})$/i.exec(text.trim());
  return match ? { sealIndex: BigInt(match[1]!), mac: match[2]!.toLowerCase() } : null;
}

export type VerifyOptions = {
  full?: boolean;
  anchor?: AnchorClaim;
  /** Whose checkpoint to resume from and move (default `cli`): each verifier keeps its own. */
  checkpoint?: string;
};

export async function verifyAuditChain(runtime: VerifyRuntime, options: VerifyOptions = {}): Promise<InstallationVerification> {
  const { sql } = runtime.db;
  const key = runtime.keyring.auditChainKey();
  const checkpoint = options.checkpoint ?? CLI_CHECKPOINT;
  // An anchor is checked on its own seal, which a checkpoint may have passed: verify from the start then.
  const start = options.full || options.anchor ? null : await readCheckpoint(sql, key, checkpoint);
  let previous = start ?? START;
  let checked = 0;
  let seals = 0;
  let anchorFound = false;
  const result = (fault: { id: string | null; reason: string } | null): InstallationVerification => ({
    valid: fault === null,
    checked,
    first_broken_id: fault?.id ?? null,
    reason: fault?.reason ?? null,
    head: previous.index > 0n ? anchorOf({ seal_index: previous.index, last_seq: previous.lastSeq, row_count: previous.rowCount, mac: previous.mac }) : null,
    seals,
  });
  for (;;) {
    const batch = await readSeals(sql, `WHERE seal_index > $1 ORDER BY seal_index LIMIT ${SEALS_PER_READ}`, [String(previous.index)]);
    // The next seal's rows are read while this one's MACs are computed.
    const rowsOf = (seal: SealRow) => {
      const reading = sql.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM audit_logs WHERE seq >= $1 AND seq <= $2 ORDER BY audit_logs.seq`, [String(seal.first_seq), String(seal.last_seq)]);
      // A read left behind by an early return must not become an unhandled rejection; awaiting it still throws.
      reading.catch(() => undefined);
      return reading;
    };
    let pending = batch[0] ? rowsOf(batch[0]) : null;
    for (const [position, seal] of batch.entries()) {
      seals += 1;
      const rows = await pending!;
      pending = batch[position + 1] ? rowsOf(batch[position + 1]!) : null;
      // The row is named first: after an edit whose seal was "fixed" without the key, the edited row is
      // still the one whose MAC differs.
      const broken = firstBrokenRow(key, seal, rows);
      const fault = sealFault(key, seal, previous);
      if (broken) return result({ id: broken, reason: `row ${broken} differs from seal ${seal.seal_index}${fault ? ` (and ${fault})` : ''}` });
      if (fault) return result({ id: seal.row_ids[0] ?? null, reason: fault });
      checked += seal.row_ids.length;
      if (options.anchor && BigInt(seal.seal_index) === options.anchor.sealIndex) {
        if (Buffer.from(seal.mac).toString('hex') !== options.anchor.mac) return result({ id: null, reason: `seal ${seal.seal_index} is not the anchor's` });
        anchorFound = true;
      }
      previous = { index: BigInt(seal.seal_index), lastSeq: BigInt(seal.last_seq), rowCount: BigInt(seal.row_count), mac: seal.mac };
    }
    if (batch.length < SEALS_PER_READ) break;
  }
  if (options.anchor && !anchorFound) return result({ id: null, reason: `the anchor's seal ${options.anchor.sealIndex} is no longer in the chain` });
  if (previous.index > 0n) await writeCheckpoint(sql, key, checkpoint, previous);
  return result(null);
}

// An account's rows (its own by account_id; rows from before account ids by its current projects and users)
// up to the newest seal, in seq order.
const SELECT_ACCOUNT_ROWS = `SELECT ${CHAIN_COLUMNS} FROM audit_logs
  WHERE seq > $1 AND seq <= $2 AND (account_id = $3::uuid OR (account_id IS NULL AND (project_id = ANY($4::uuid[]) OR user_id = ANY($5::uuid[]))))
  ORDER BY audit_logs.seq LIMIT 500`;

/**
 * Checks one account's rows: each is listed, with its MAC, by the seal whose range holds it, and that seal
 * recomputes and links to the seal before it. Other accounts' rows are never read: another account's edited
 * row does not fail this account's verification, and nothing of theirs is returned. A deleted row cannot be
 * told apart from another account's here; the installation-wide verifyAuditChain names it.
 */
export async function verifyAccountAuditChain(runtime: VerifyRuntime & { db: Pick<Database, 'prisma'> }, accountId: string): Promise<ChainVerification> {
  const { prisma, sql } = runtime.db;
  const key = runtime.keyring.auditChainKey();
  const [projects, users, [head]] = await Promise.all([
    prisma.project.findMany({ where: { accountId }, select: { id: true } }),
    prisma.user.findMany({ where: { accountId }, select: { id: true } }),
    sql.query<{ last_seq: string | bigint }>('SELECT last_seq FROM audit_seals ORDER BY seal_index DESC LIMIT 1'),
  ]);
  const sealedUpTo = head ? String(head.last_seq) : '0';
  const params = [accountId, projects.map((project) => project.id), users.map((user) => user.id)];
  let seal: (SealRow & { position: Map<string, number>; fault: string | null }) | null = null;
  let after = '0';
  let checked = 0;
  for (;;) {
    const rows = await sql.query<ChainRow>(SELECT_ACCOUNT_ROWS, [after, sealedUpTo, ...params]);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      if (!seal || BigInt(seal.last_seq) < seq) seal = await loadAccountSeal(sql, key, seq);
      checked += 1;
      const at = seal?.position.get(row.id);
      if (!seal || seal.fault || at === undefined) return { valid: false, checked, first_broken_id: row.id };
      if (!macMatches(key, row, seal.row_macs, at)) return { valid: false, checked, first_broken_id: row.id };
      after = String(row.seq);
    }
    if (rows.length < 500) return { valid: true, checked, first_broken_id: null };
  }
}

/** The seal whose range holds `seq`, with its soundness (MAC, link to the seal before it) already judged. */
async function loadAccountSeal(sql: Pick<SqlClient, 'query'>, key: Buffer, seq: bigint) {
  const [seal] = await readSeals(sql, 'WHERE last_seq >= $1 ORDER BY last_seq LIMIT 1', [String(seq)]);
  if (!seal || BigInt(seal.first_seq) > seq) return null;
  const index = BigInt(seal.seal_index);
  const [before] = index > 1n ? await readSeals(sql, 'WHERE seal_index = $1', [String(index - 1n)]) : [];
  const previous: Link | null = index === 1n ? START : before ? { index: index - 1n, lastSeq: BigInt(before.last_seq), rowCount: BigInt(before.row_count), mac: before.mac } : null;
  const fault = previous ? sealFault(key, seal, previous) : `seal ${index - 1n} is missing`;
  return { ...seal, position: new Map(seal.row_ids.map((id, at) => [id, at])), fault };
}
