// One audit row as the chain sees it, and its MAC: HMAC-SHA-256 under the chain key (lib/audit/chain-key.ts)
// over every column that says who did what, to what, when. Without the key, which only the master key
// unwraps, nobody can compute a MAC: a row edited in the database and "re-hashed" by hand does not verify.
import { createHmac } from 'node:crypto';

export type AuditRow = {
  id: string;
  /** int8: a string from pg, a bigint through Prisma; MAC'd as its decimal text either way. */
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

export const MAC_BYTES = 32;

export function rowMac(key: Buffer, row: AuditRow): Buffer {
  const content = JSON.stringify([
    row.id, String(row.seq), row.action, row.outcome, row.status_code, row.account_id, row.project_id, row.application_id,
    row.user_id, row.token_id, row.resource, row.ip, row.request_id, new Date(row.created_at).toISOString(),
  ]);
  return createHmac('sha256', key).update(content).digest();
}
