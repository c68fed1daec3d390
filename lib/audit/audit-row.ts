// One audit row as the chain sees it, and its MACs: HMAC-SHA-256 under the chain key (lib/audit/chain-key.ts)
// over the row's canonical content, every column that says who did what, to what, when. Without the key,
// which only the master key unwraps, nobody can compute a MAC: a row edited in the database and "re-hashed"
// by hand does not verify.
//
// The canonical content is built by the database (json_build_array … ::text, created_at as UTC ISO 8601 with
// milliseconds), the same expression for the sealer and the verifier: the database does that work beside
// the verifier instead of Node parsing 14 columns and serialising them again (a third of a full verify).
//
// Two forms of it. The seal's (CONTENT) includes `seq`, the row's place. The writer's (WRITER_CONTENT) is the
// same array without `seq`: the database draws `seq` at insert, so the writer cannot know it. The writer
// builds that form itself (writerContent, byte for byte what json_build_array prints) and stores its MAC in
// `writer_mac`; the sealer seals only rows whose writer MAC verifies, and the seals' chain fixes the order.
import { createHmac } from 'node:crypto';

/** A row with what the chain needs: its id, its place (`seq`, int8 as text), its canonical content and writer MAC. */
export type ChainRow = { id: string; seq: string; content: string; writer_mac?: Uint8Array | null };

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

const CREATED_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const CONTENT = `json_build_array(id, seq::text, action, outcome, status_code, account_id, project_id, application_id, user_id,
  token_id, resource, ip, request_id, ${CREATED_AT})::text`;
/** The writer's form, built by the database (tests compare it with writerContent). */
export const WRITER_CONTENT = `json_build_array(id, action, outcome, status_code, account_id, project_id, application_id, user_id,
  token_id, resource, ip, request_id, ${CREATED_AT})::text`;

/** SELECT list of a ChainRow from audit_logs. */
// `seq` is text here: order by `audit_logs.seq`, never by the output column.
export const CHAIN_COLUMNS = `id, seq::text AS seq, ${CONTENT} AS content`;
/** The same with the writer's MAC, for the sealer and for unsealed rows. */
export const CHAIN_COLUMNS_WITH_WRITER_MAC = `${CHAIN_COLUMNS}, writer_mac`;

export const MAC_BYTES = 32;
/**
 * Rows MAC'd per slice, between turns of the event loop, by the sealer and the verifier: a seal's 2,000 rows
 * in one go held a serving process's loop for 15–30 ms (the tokenize bench's p99; the background watch
 * beside the scale bench's list pages).
 */
export const MAC_SLICE = 250;

export function rowMac(key: Buffer, content: string): Buffer {
  return createHmac('sha256', key).update(content).digest();
}

/** What the writer knows of a row: everything but `seq`. */
export type WrittenRow = {
  id: string;
  action: string;
  outcome: string;
  statusCode: number;
  accountId: string | null;
  projectId: string | null;
  applicationId: string | null;
  userId: string | null;
  tokenId: string | null;
  resource: string | null;
  ip: string | null;
  requestId: string;
  /** Millisecond precision, as stored (timestamptz(3)). */
  createdAt: Date;
};

// PostgreSQL's json text of a value: strings escaped as JSON.stringify does (same escapes, \u00xx in lower
// case); a lone surrogate first becomes U+FFFD, as the driver's UTF-8 encoding sends it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Most values hold no surrogate at all: the cheap test spares them the replace. Printable ASCII without `"`
// and `\` (ids, actions, addresses, times) is printed as it is by both, so it is quoted without stringify.
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const jsonText = (value: string | number | null) =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : PLAIN_ASCII.test(value)
        ? `"${value}"`
        : JSON.stringify(ANY_SURROGATE.test(value) ? value.replace(LONE_SURROGATE, '\uFFFD') : value);

/** WRITER_CONTENT of a row, built by the writer: `json_build_array` separates elements with ", ". */
export function writerContent(row: WrittenRow): string {
  const values = [
    row.id, row.action, row.outcome, row.statusCode, row.accountId, row.projectId, row.applicationId, row.userId, row.tokenId,
    row.resource, row.ip, row.requestId, row.createdAt.toISOString(),
  ];
  // A loop, not map/join: this runs for every audit row the vault writes.
  let text = '[';
  for (let index = 0; index < values.length; index++) text += (index ? ', ' : '') + jsonText(values[index] as string | number | null);
  return `${text}]`;
}

/** The seal's content without `seq`: the writer's form of the same row (CONTENT starts `["<id>", "<seq>"`). */
export function writerContentOf(row: ChainRow): string | null {
  const prefix = `[${JSON.stringify(row.id)}, ${JSON.stringify(row.seq)}`;
  return row.content.startsWith(prefix) ? `[${JSON.stringify(row.id)}${row.content.slice(prefix.length)}` : null;
}

/** Whether the row carries a writer MAC that verifies under `key`. */
export function writtenByVault(key: Buffer, row: ChainRow): boolean {
  const content = row.writer_mac ? writerContentOf(row) : null;
  return content !== null && row.writer_mac!.length === MAC_BYTES && rowMac(key, content).equals(row.writer_mac!);
}
