// One audit row as the chain sees it, and its MAC: HMAC-SHA-256 under the chain key (lib/audit/chain-key.ts)
// over the row's canonical content, every column that says who did what, to what, when. Without the key,
// which only the master key unwraps, nobody can compute a MAC: a row edited in the database and "re-hashed"
// by hand does not verify.
//
// The canonical content is built by the database (json_build_array … ::text, created_at as UTC ISO 8601 with
// milliseconds), the same expression for the sealer and the verifier: the database does that work beside
// the verifier instead of Node parsing 14 columns and serialising them again (a third of a full verify).
import { createHmac } from 'node:crypto';

/** A row with what the chain needs: its id, its place (`seq`, int8 as text) and its canonical content. */
export type ChainRow = { id: string; seq: string; content: string };

/** Every audit column, in the order of the canonical content (inserts and tests use the names). */
export const COLUMNS = 'id, seq, action, outcome, status_code, account_id, project_id, application_id, user_id, token_id, resource, ip, request_id, created_at';

export type AuditRow = {
  id: string;
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
  created_at: Date | string;
};

const CONTENT = `json_build_array(id, seq::text, action, outcome, status_code, account_id, project_id, application_id, user_id,
  token_id, resource, ip, request_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;

/** SELECT list of a ChainRow from audit_logs. */
// `seq` is text here: order by `audit_logs.seq`, never by the output column.
export const CHAIN_COLUMNS = `id, seq::text AS seq, ${CONTENT} AS content`;

export const MAC_BYTES = 32;

export function rowMac(key: Buffer, content: string): Buffer {
  return createHmac('sha256', key).update(content).digest();
}
