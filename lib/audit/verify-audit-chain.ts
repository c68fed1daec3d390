// Verifying the audit chain (lib/audit/audit-chain.ts). The whole chain (`npx vault audit verify`): every
// seal follows the previous one (index, seq range, running count, previous MAC, key epoch), its MAC
// recomputes under its epoch's chain key, and the rows in its range are exactly the rows it lists, in order,
// each with its MAC. So an edited, deleted, inserted or reordered row is named, and a seal forged without the
// key is refused. Rows not sealed yet must carry a writer MAC that verifies (`not written by the vault: <id>`).
// A key change seal (lib/audit/audit-epochs.ts) must verify under both epochs' keys.
//
// A checkpoint (MAC'd too) lets a repeat read only the seals added since; `full` reads everything again.
// Verify never falls back silently: when the checkpoint itself or the seal it names is gone, shortened or
// changed, verify fails (`checkpoint seal <n> is missing or changed: the chain was cut`) and the checkpoint
// stays where it was. An anchor (`<seal index>:<MAC>` logged, published to AUDIT_ANCHOR_FILE or exported
// earlier) must still be in the chain, unchanged: the tail since then was neither truncated nor rewritten.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import { type AnchorClaim } from './anchor-file';
import { GENESIS_MAC, anchorOf, sealMac, type Anchor, type SealContent } from './audit-chain';
import { CHAIN_COLUMNS, CHAIN_COLUMNS_WITH_WRITER_MAC, MAC_BYTES, MAC_SLICE, rowMac, writtenByVault, type ChainRow } from './audit-row';

export { parseAnchor, type AnchorClaim } from './anchor-file';

export type ChainVerification = { valid: boolean; checked: number; first_broken_id: string | null };
export type InstallationVerification = ChainVerification & {
  /** Why it is not valid (the broken row, seal, anchor or checkpoint), for the operator. */
  reason: string | null;
  /** The newest seal verified, as an anchor. */
  head: Anchor | null;
  /** Seals read by this run (fewer than all after a checkpoint). */
  seals: number;
};

type VerifyRuntime = { db: Pick<Database, 'sql'>; keyring: Pick<Keyring, 'auditChainKey' | 'auditChainEpoch'> };
type StoredSeal = {
  seal_index: string | bigint;
  first_seq: string | bigint;
  last_seq: string | bigint;
  row_ids: string;
  row_macs: Uint8Array;
  row_count: string | bigint;
  prev_mac: Uint8Array;
  mac: Uint8Array;
  version: number;
  epoch: number;
  link_mac: Uint8Array | null;
};
type SealRow = Omit<StoredSeal, 'row_ids'> & { row_ids: string[] };
type Link = { index: bigint; lastSeq: bigint; rowCount: bigint; mac: Uint8Array; epoch: number; version: number };

// row_ids as one text (split here): parsing a 2,000-element uuid[] literal was a tenth of a full verify.
const SEAL_COLUMNS = "seal_index, first_seq, last_seq, array_to_string(row_ids, ',') AS row_ids, row_macs, row_count, prev_mac, mac, version, epoch, link_mac";
const SEALS_PER_READ = 20;
const UNSEALED_PER_READ = 2_000;
/** The checkpoint `vault audit verify` keeps; the background watch keeps its own (lib/events/watch-audit-chain.ts). */
const CLI_CHECKPOINT = 'cli';
const START: Link = { index: 0n, lastSeq: 0n, rowCount: 0n, mac: GENESIS_MAC, epoch: 1, version: 0 };

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);
const linkOf = (seal: SealRow): Link => ({
  index: BigInt(seal.seal_index),
  lastSeq: BigInt(seal.last_seq),
  rowCount: BigInt(seal.row_count),
  mac: seal.mac,
  epoch: seal.epoch,
  version: seal.version,
});

/** The reason verify gives for a row the sealer refused (or would): its writer MAC is missing or wrong. */
export const notWrittenByVault = (id: string) => `not written by the vault: ${id}`;
export const chainCut = (sealIndex: bigint | string) => `checkpoint seal ${sealIndex} is missing or changed: the chain was cut`;

function contentOf(seal: SealRow): SealContent {
  return {
    version: seal.version,
    epoch: seal.epoch,
    sealIndex: BigInt(seal.seal_index),
    firstSeq: BigInt(seal.first_seq),
    lastSeq: BigInt(seal.last_seq),
    rowCount: BigInt(seal.row_count),
    prevMac: seal.prev_mac,
    rowIds: seal.row_ids,
    rowMacs: seal.row_macs,
  };
}

/** The key of an epoch, or null when this vault has none for it. */
function epochKey(keyring: VerifyRuntime['keyring'], epoch: number): Buffer | null {
  try {
    return keyring.auditChainKey(epoch);
  } catch {
    return null;
  }
}

/** Whether the seal's own MAC (and a key change seal's link MAC) recomputes; null when sound, else why not. */
function sealMacFault(keyring: VerifyRuntime['keyring'], seal: SealRow): string | null {
  const index = String(seal.seal_index);
  const key = epochKey(keyring, seal.epoch);
  if (!key) return `seal ${index} is under chain key epoch ${seal.epoch}, which this vault does not have`;
  const content = contentOf(seal);
  if (!sameBytes(sealMac(key, content), seal.mac)) return `seal ${index} does not verify under the chain key`;
  if (seal.link_mac) {
    const oldKey = epochKey(keyring, seal.epoch - 1);
    if (!oldKey || !sameBytes(sealMac(oldKey, content), seal.link_mac)) return `key change seal ${index} does not verify under the key of epoch ${seal.epoch - 1}`;
  }
  return null;
}

/** Why a seal does not follow `previous` or does not recompute; null when it is sound. */
function sealFault(keyring: VerifyRuntime['keyring'], seal: SealRow, previous: Link): string | null {
  const content = contentOf(seal);
  if (content.sealIndex !== previous.index + 1n) return `seal ${previous.index + 1n} is missing`;
  if (content.firstSeq !== previous.lastSeq + 1n) return `seal ${content.sealIndex} does not start where seal ${previous.index} ended`;
  if (!sameBytes(content.prevMac, previous.mac)) return `seal ${content.sealIndex} does not link to seal ${previous.index}`;
  if (content.rowCount !== previous.rowCount + BigInt(content.rowIds.length)) return `seal ${content.sealIndex} has a wrong row count`;
  if (content.rowMacs.length !== content.rowIds.length * MAC_BYTES) return `seal ${content.sealIndex} is malformed`;
  // Format 1 (before writer MACs) only at epoch 1 and never after a seal of the current format.
  if (seal.version === 1 ? seal.epoch !== 1 || previous.version > 1 : seal.version !== 2) return `seal ${content.sealIndex} is malformed`;
  const keyChange = seal.epoch === previous.epoch + 1 && seal.link_mac !== null && content.rowIds.length === 0 && content.lastSeq === previous.lastSeq;
  if (seal.epoch !== previous.epoch && !keyChange) return `seal ${content.sealIndex} changes the chain key epoch from ${previous.epoch} to ${seal.epoch} without a key change seal`;
  if (!keyChange && seal.link_mac !== null) return `seal ${content.sealIndex} is malformed`;
  return sealMacFault(keyring, seal);
}

const sealRow = (stored: StoredSeal): SealRow => ({ ...stored, row_ids: stored.row_ids ? stored.row_ids.split(',') : [] });

async function readSeals(sql: Pick<SqlClient, 'query'>, where: string, values: unknown[]): Promise<SealRow[]> {
  return (await sql.query<StoredSeal>(`SELECT ${SEAL_COLUMNS} FROM audit_seals ${where}`, values)).map(sealRow);
}

const macMatches = (key: Buffer, row: ChainRow, macs: Uint8Array, index: number) =>
  Buffer.from(macs.buffer, macs.byteOffset, macs.byteLength).compare(rowMac(key, row.content), 0, MAC_BYTES, index * MAC_BYTES, (index + 1) * MAC_BYTES) === 0;

/**
 * The first row of the seal's range that differs from what the seal lists (edited, deleted, inserted,
 * moved), checked in slices of MAC_SLICE rows between turns of the event loop.
 */
async function firstBrokenRow(key: Buffer, seal: SealRow, rows: ChainRow[]): Promise<string | null> {
  // The common case: the same ids in the same order; only the MACs need computing.
  if (rows.length === seal.row_ids.length && rows.every((row, index) => row.id === seal.row_ids[index])) {
    for (let index = 0; index < rows.length; index++) {
      if (index > 0 && index % MAC_SLICE === 0) await nextTurn();
      if (!macMatches(key, rows[index]!, seal.row_macs, index)) return rows[index]!.id;
    }
    return null;
  }
  const position = new Map(rows.map((row, index) => [row.id, index]));
  let next = 0;
  for (const [index, id] of seal.row_ids.entries()) {
    if (index > 0 && index % MAC_SLICE === 0) await nextTurn();
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

type StoredCheckpoint = { name: string; seal_index: string | bigint; seal_mac: Uint8Array; mac: Uint8Array };

/**
 * Where a verification ended, if its checkpoint and the seal it names are both intact; otherwise the fault
 * (never a silent start from the beginning). The checkpoint is MAC'd under the key of its seal's epoch.
 */
async function checkCheckpoint(sql: Pick<SqlClient, 'query'>, keyring: VerifyRuntime['keyring'], checkpoint: StoredCheckpoint): Promise<Link | { fault: string }> {
  const index = BigInt(checkpoint.seal_index);
  const [seal] = await readSeals(sql, 'WHERE seal_index = $1', [String(index)]);
  if (!seal || !sameBytes(seal.mac, checkpoint.seal_mac) || sealMacFault(keyring, seal)) return { fault: chainCut(index) };
  const key = epochKey(keyring, seal.epoch);
  if (!key || !sameBytes(checkpoint.mac, checkpointMac(key, index, checkpoint.seal_mac))) {
    return { fault: `checkpoint ${checkpoint.name} does not verify under the chain key: it was changed in the database` };
  }
  return linkOf(seal);
}

const readCheckpoints = (sql: Pick<SqlClient, 'query'>, name?: string) =>
  sql.query<StoredCheckpoint>(`SELECT name, seal_index, seal_mac, mac FROM audit_checkpoints${name ? ' WHERE name = $1' : ' ORDER BY name'}`, name ? [name] : []);

async function writeCheckpoint(sql: Pick<SqlClient, 'query'>, keyring: VerifyRuntime['keyring'], name: string, head: Link): Promise<void> {
  await sql.query(
    `INSERT INTO audit_checkpoints (name, seal_index, seal_mac, mac) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET seal_index = EXCLUDED.seal_index, seal_mac = EXCLUDED.seal_mac, mac = EXCLUDED.mac, updated_at = now()`,
    [name, String(head.index), head.mac, checkpointMac(keyring.auditChainKey(head.epoch), head.index, head.mac)],
  );
}

/** The first row after `afterSeq` (optionally of one account) without a writer MAC that verifies; null if none. */
async function firstUnwrittenRow(sql: Pick<SqlClient, 'query'>, key: Buffer, afterSeq: bigint, scope?: { where: string; values: unknown[] }): Promise<{ id: string | null; checked: number }> {
  let after = afterSeq;
  let checked = 0;
  for (;;) {
    const rows = await sql.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS_WITH_WRITER_MAC} FROM audit_logs WHERE seq > $1${scope ? ` AND ${scope.where}` : ''} ORDER BY audit_logs.seq LIMIT ${UNSEALED_PER_READ}`,
      [String(after), ...(scope?.values ?? [])],
    );
    for (const row of rows) {
      checked += 1;
      if (!writtenByVault(key, row)) return { id: row.id, checked };
      after = BigInt(row.seq);
    }
    if (rows.length < UNSEALED_PER_READ) return { id: null, checked };
  }
}

export type VerifyOptions = {
  full?: boolean;
  anchor?: AnchorClaim;
  /** The newest anchors published to AUDIT_ANCHOR_FILE (newest first): each seal must be in the chain, unchanged. */
  publishedAnchors?: AnchorClaim[];
  /** Whose checkpoint to resume from and move (default `cli`): each verifier keeps its own. */
  checkpoint?: string;
  /**
   * Called after each seal with the milliseconds it took (its rows' read and MACs); the verification goes
   * on when it resolves. The background watch waits there (lib/events/watch-audit-chain.ts), so a long
   * verification shares the process with its requests instead of taking it over.
   */
  pace?: (busyMs: number) => Promise<void>;
};

export async function verifyAuditChain(runtime: VerifyRuntime, options: VerifyOptions = {}): Promise<InstallationVerification> {
  const { sql } = runtime.db;
  const { keyring } = runtime;
  const checkpoint = options.checkpoint ?? CLI_CHECKPOINT;
  let previous = START;
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
  // The checkpoint is checked even when not resumed from (full, anchor): a chain cut below it must not pass.
  const [stored] = await readCheckpoints(sql, checkpoint);
  const resumed = stored ? await checkCheckpoint(sql, keyring, stored) : null;
  if (resumed && 'fault' in resumed) return result({ id: null, reason: resumed.fault });
  // An anchor is checked on its own seal, which a checkpoint may have passed: verify from the start then.
  if (resumed && !options.full && !options.anchor) previous = resumed;
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
      const started = performance.now();
      const rows = await pending!;
      pending = batch[position + 1] ? rowsOf(batch[position + 1]!) : null;
      const key = epochKey(keyring, seal.epoch);
      // The row is named first: after an edit whose seal was "fixed" without the key, the edited row is
      // still the one whose MAC differs.
      const broken = key ? await firstBrokenRow(key, seal, rows) : null;
      const fault = sealFault(keyring, seal, previous);
      if (broken) return result({ id: broken, reason: `row ${broken} differs from seal ${seal.seal_index}${fault ? ` (and ${fault})` : ''}` });
      if (fault) return result({ id: seal.row_ids[0] ?? null, reason: fault });
      checked += seal.row_ids.length;
      if (options.anchor && BigInt(seal.seal_index) === options.anchor.sealIndex) {
        if (Buffer.from(seal.mac).toString('hex') !== options.anchor.mac) return result({ id: null, reason: `seal ${seal.seal_index} is not the anchor's` });
        anchorFound = true;
      }
      previous = linkOf(seal);
      if (options.pace) await options.pace(performance.now() - started);
    }
    if (batch.length < SEALS_PER_READ) break;
  }
  if (options.anchor && !anchorFound) return result({ id: null, reason: `the anchor's seal ${options.anchor.sealIndex} is no longer in the chain` });
  if (options.publishedAnchors?.length) {
    const fault = await publishedAnchorFault(sql, keyring, options.publishedAnchors, previous);
    if (fault) return result({ id: null, reason: fault });
  }
  // Rows after the newest seal: each must be the vault's own (the sealer stops before one that is not).
  const unsealed = await firstUnwrittenRow(sql, keyring.auditChainKey(), previous.lastSeq);
  if (unsealed.id) return result({ id: unsealed.id, reason: notWrittenByVault(unsealed.id) });
  if (previous.index > 0n) await writeCheckpoint(sql, keyring, checkpoint, previous);
  return result(null);
}

/**
 * Each published anchor's seal must be in the chain verified up to `head`, with the published MAC: a seal
 * index published twice with two MACs (the tail cut, then sealed again) fails on the older line.
 */
async function publishedAnchorFault(sql: Pick<SqlClient, 'query'>, keyring: VerifyRuntime['keyring'], anchors: AnchorClaim[], head: Link): Promise<string | null> {
  const seals = new Map(
    (await readSeals(sql, 'WHERE seal_index = ANY($1::bigint[])', [[...new Set(anchors.map((anchor) => String(anchor.sealIndex)))]])).map((seal) => [String(seal.seal_index), seal]),
  );
  for (const anchor of anchors) {
    const seal = seals.get(String(anchor.sealIndex));
    if (anchor.sealIndex > head.index || !seal || Buffer.from(seal.mac).toString('hex') !== anchor.mac || sealMacFault(keyring, seal)) {
      return `published anchor ${anchor.sealIndex}:${anchor.mac} (AUDIT_ANCHOR_FILE) is missing or changed: the chain was cut`;
    }
  }
  return null;
}

// An account's rows (its own by account_id; rows from before account ids by its current projects and users).
const ACCOUNT_ROWS = `(account_id = $2::uuid OR (account_id IS NULL AND (project_id = ANY($3::uuid[]) OR user_id = ANY($4::uuid[]))))`;
// Up to the newest seal, in seq order.
const SELECT_ACCOUNT_ROWS = `SELECT ${CHAIN_COLUMNS} FROM audit_logs
  WHERE seq > $1 AND seq <= $5 AND ${ACCOUNT_ROWS}
  ORDER BY audit_logs.seq LIMIT 500`;

export type AccountVerification = ChainVerification & { reason: string | null };

/**
 * Checks one account's rows: each sealed one is listed, with its MAC, by the seal whose range holds it, and
 * that seal recomputes and links to the seal before it; each unsealed one carries a writer MAC that
 * verifies. Every verifier's checkpoint must still name its seal unchanged (else the chain was cut). Other
 * accounts' rows are never read: another account's edited row does not fail this account's verification,
 * and nothing of theirs is returned. A deleted row cannot be told apart from another account's here; the
 * installation-wide verifyAuditChain names it.
 */
export async function verifyAccountAuditChain(runtime: VerifyRuntime & { db: Pick<Database, 'prisma'> }, accountId: string): Promise<AccountVerification> {
  const { prisma, sql } = runtime.db;
  const { keyring } = runtime;
  const [projects, users, [head], checkpoints] = await Promise.all([
    prisma.project.findMany({ where: { accountId }, select: { id: true } }),
    prisma.user.findMany({ where: { accountId }, select: { id: true } }),
    sql.query<{ last_seq: string | bigint }>('SELECT last_seq FROM audit_seals ORDER BY seal_index DESC LIMIT 1'),
    readCheckpoints(sql),
  ]);
  for (const checkpoint of checkpoints) {
    const found = await checkCheckpoint(sql, keyring, checkpoint);
    if ('fault' in found) return { valid: false, checked: 0, first_broken_id: null, reason: found.fault };
  }
  const sealedUpTo = head ? String(head.last_seq) : '0';
  const params = [accountId, projects.map((project) => project.id), users.map((user) => user.id)];
  let seal: (SealRow & { position: Map<string, number>; fault: string | null }) | null = null;
  let after = '0';
  let checked = 0;
  for (;;) {
    const rows = await sql.query<ChainRow>(SELECT_ACCOUNT_ROWS, [after, ...params, sealedUpTo]);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      if (!seal || BigInt(seal.last_seq) < seq) seal = await loadAccountSeal(sql, keyring, seq);
      checked += 1;
      const at = seal?.position.get(row.id);
      const key = seal && epochKey(keyring, seal.epoch);
      const broken = { valid: false, checked, first_broken_id: row.id };
      if (!seal || !key || at === undefined) return { ...broken, reason: `row ${row.id} is not in the seal that covers it` };
      if (seal.fault) return { ...broken, reason: seal.fault };
      if (!macMatches(key, row, seal.row_macs, at)) return { ...broken, reason: `row ${row.id} differs from seal ${seal.seal_index}` };
      after = String(row.seq);
    }
    if (rows.length < 500) break;
  }
  const unsealed = await firstUnwrittenRow(sql, keyring.auditChainKey(), BigInt(sealedUpTo), { where: ACCOUNT_ROWS, values: params });
  checked += unsealed.checked;
  if (unsealed.id) return { valid: false, checked, first_broken_id: unsealed.id, reason: notWrittenByVault(unsealed.id) };
  return { valid: true, checked, first_broken_id: null, reason: null };
}

/** The seal whose range holds `seq`, with its soundness (MAC, link to the seal before it) already judged. */
async function loadAccountSeal(sql: Pick<SqlClient, 'query'>, keyring: VerifyRuntime['keyring'], seq: bigint) {
  // A key change seal covers no row (its first_seq is past its last_seq): never the one that holds a row.
  const [seal] = await readSeals(sql, 'WHERE last_seq >= $1 AND first_seq <= $1 ORDER BY last_seq, seal_index LIMIT 1', [String(seq)]);
  if (!seal) return null;
  const index = BigInt(seal.seal_index);
  const [before] = index > 1n ? await readSeals(sql, 'WHERE seal_index = $1', [String(index - 1n)]) : [];
  const previous: Link | null = index === 1n ? START : before ? linkOf(before) : null;
  const fault = previous ? sealFault(keyring, seal, previous) : `seal ${index - 1n} is missing`;
  return { ...seal, position: new Map(seal.row_ids.map((id, at) => [id, at])), fault };
}
