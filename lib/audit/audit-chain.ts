// The audit log's hash chain (PCI DSS 10.3.2, 10.5): rows are written without a hash on the hot path;
// the sealer then takes unsealed rows in insertion order and appends them to the chain — each row gets
// the next chain index, the previous row's hash, and its own hash over its content. Sealers in several
// processes take turns under an advisory lock. Verification recomputes the chain from the start.
import { createHash } from 'node:crypto';
import type { Database } from '../db/connect';

type ChainRuntime = { db: Pick<Database, 'prisma'> };
type SealRuntime = { db: Pick<Database, 'sql'> };

const SEAL_LOCK = 7_261_002;
export const GENESIS = '0'.repeat(64);
const BATCH = 500;

export type AuditRow = {
  id: string;
  /** int8: a string from pg, a bigint through Prisma; hashed as its decimal text either way. */
  seq: bigint | string;
  action: string;
  outcome: string;
  status_code: number;
  account_id: string | null;
  project_id: string | null;
  application_id: string | null;
  user_id: string | null;
  token_id: string | null;
  resource: string | null;
  ip: string | null;
  request_id: string;
  created_at: Date;
};

export const COLUMNS = 'id, seq, action, outcome, status_code, account_id, project_id, application_id, user_id, token_id, resource, ip, request_id, created_at';

/**
 * The hash of a row given its predecessor's: over every column that says who did what, to what, when.
 * `resource` and `account_id` came later: they join the hashed content only when set, so rows sealed before
 * them keep their hash. With an account both follow (resource possibly null), so the array's length tells
 * which is which and a value cannot be moved from one column to the other unnoticed.
 */
export function rowHash(prevHash: string, row: AuditRow): string {
  const later = row.account_id !== null ? [row.resource, row.account_id] : row.resource !== null ? [row.resource] : [];
  const content = JSON.stringify([
    row.id, String(row.seq), row.action, row.outcome, row.status_code, row.project_id, row.application_id, row.user_id,
    row.token_id, row.ip, row.request_id, new Date(row.created_at).toISOString(), ...later,
  ]);
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

const SELECT_UNSEALED = `SELECT ${COLUMNS} FROM audit_logs WHERE chain_index IS NULL ORDER BY seq LIMIT ${BATCH}`;
const SELECT_HEAD = 'SELECT chain_index, hash FROM audit_logs WHERE chain_index IS NOT NULL ORDER BY chain_index DESC LIMIT 1';
const UPDATE_SEALED = `UPDATE audit_logs AS a SET chain_index = s.chain_index, prev_hash = s.prev_hash, hash = s.hash
  FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::bigint[]) AS chain_index, unnest($3::text[]) AS prev_hash, unnest($4::text[]) AS hash) AS s
  WHERE a.id = s.id`;

/**
 * Appends every unsealed row to the chain; returns how many were sealed. It runs beside the hot path all
 * the time, so it speaks plain SQL (named statements on the pool) rather than Prisma's raw queries.
 */
export async function sealAuditLog(runtime: SealRuntime): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await runtime.db.sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${SEAL_LOCK})`, [], 'vault_audit_seal_lock');
      const rows = await tx.query<AuditRow>(SELECT_UNSEALED, [], 'vault_audit_unsealed');
      if (rows.length === 0) return 0;
      const [last] = await tx.query<{ chain_index: bigint | string; hash: string }>(SELECT_HEAD, [], 'vault_audit_chain_head');
      let index = last ? BigInt(last.chain_index) : 0n;
      let prevHash = last?.hash ?? GENESIS;
      const ids: string[] = [];
      const indexes: string[] = [];
      const prevs: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        index += 1n;
        const hash = rowHash(prevHash, row);
        ids.push(row.id);
        indexes.push(String(index));
        prevs.push(prevHash);
        hashes.push(hash);
        prevHash = hash;
      }
      await tx.query(UPDATE_SEALED, [ids, indexes, prevs, hashes], 'vault_audit_seal');
      return rows.length;
    });
    sealed += count;
    if (count < BATCH) return sealed;
  }
}

export type ChainVerification = { valid: boolean; checked: number; first_broken_id: string | null };

/** Recomputes the whole chain: a changed, removed or reordered sealed row breaks it at that row. */
export async function verifyAuditChain(runtime: ChainRuntime): Promise<ChainVerification> {
  let prevHash = GENESIS;
  let expectedIndex = 1n;
  let checked = 0;
  for (;;) {
    const rows = await runtime.db.prisma.$queryRawUnsafe<(AuditRow & { chain_index: bigint; prev_hash: string; hash: string })[]>(
      `SELECT ${COLUMNS}, chain_index, prev_hash, hash FROM audit_logs WHERE chain_index >= $1 ORDER BY chain_index LIMIT ${BATCH}`,
      expectedIndex,
    );
    for (const row of rows) {
      checked += 1;
      if (BigInt(row.chain_index) !== expectedIndex || row.prev_hash !== prevHash || rowHash(prevHash, row) !== row.hash) {
        return { valid: false, checked, first_broken_id: row.id };
      }
      prevHash = row.hash;
      expectedIndex += 1n;
    }
    if (rows.length < BATCH) return { valid: true, checked, first_broken_id: null };
  }
}

const ACCOUNT_COLUMNS = COLUMNS.split(', ').map((column) => `a.${column}`).join(', ');
// An account's sealed rows (as the listing shows them: its own by account_id, and rows written before
// account_id by its current projects and users) after a chain index, each with the stored hash of the row
// just before it in the chain and the stored prev_hash of the row just after it (null at the head),
// whoever's those rows are.
const SELECT_ACCOUNT_LINKS = `SELECT ${ACCOUNT_COLUMNS}, a.chain_index, a.prev_hash, a.hash, p.hash AS predecessor_hash, n.prev_hash AS successor_prev_hash
  FROM audit_logs AS a LEFT JOIN audit_logs AS p ON p.chain_index = a.chain_index - 1 LEFT JOIN audit_logs AS n ON n.chain_index = a.chain_index + 1
  WHERE a.chain_index > $3::bigint
    AND (a.account_id = $4::uuid OR (a.account_id IS NULL AND (a.project_id = ANY($1::uuid[]) OR a.user_id = ANY($2::uuid[]))))
  ORDER BY a.chain_index LIMIT ${BATCH}`;

/**
 * Checks one account's links of the chain: each of its sealed rows recomputes to its own hash, its
 * `prev_hash` is the stored hash of the row before it (the genesis value for the first row), and the row
 * after it (if any yet) links back to its hash — so a row edited and re-hashed in place is caught too. Those
 * neighbours may belong to another account: their hashes are only compared, nothing of them is returned,
 * and their own content is not checked (another account's edited row does not break this account's verification). `checked` counts
 * the account's rows; `first_broken_id` is one of them. The installation-wide check is verifyAuditChain
 * (`npx vault audit verify`).
 */
export async function verifyAccountAuditChain(
  runtime: { db: Pick<Database, 'sql' | 'prisma'> },
  accountId: string,
): Promise<ChainVerification> {
  const { prisma, sql } = runtime.db;
  const [projects, users] = await Promise.all([
    prisma.project.findMany({ where: { accountId }, select: { id: true } }),
    prisma.user.findMany({ where: { accountId }, select: { id: true } }),
  ]);
  const projectIds = projects.map((project) => project.id);
  const userIds = users.map((user) => user.id);
  let after = '0';
  let checked = 0;
  for (;;) {
    const rows = await sql.query<AuditRow & { chain_index: bigint | string; prev_hash: string; hash: string; predecessor_hash: string | null; successor_prev_hash: string | null }>(
      SELECT_ACCOUNT_LINKS,
      [projectIds, userIds, after, accountId],
    );
    for (const row of rows) {
      checked += 1;
      const expectedPrev = BigInt(row.chain_index) === 1n ? GENESIS : row.predecessor_hash;
      const linkedForward = row.successor_prev_hash === null || row.successor_prev_hash === row.hash;
      if (row.prev_hash !== expectedPrev || rowHash(row.prev_hash, row) !== row.hash || !linkedForward) {
        return { valid: false, checked, first_broken_id: row.id };
      }
      after = String(row.chain_index);
    }
    if (rows.length < BATCH) return { valid: true, checked, first_broken_id: null };
  }
}
