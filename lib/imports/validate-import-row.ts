// One data row of an import checked by exactly /tokenize's rules (issue 26): the card or bank schemas of
// lib/vault/schemas.ts and the metadata schema of lib/tokens/token-metadata.ts, the same token_format rules,
// plus `cardholder_name` (at most 200 characters) and `external_id`. A failing row names the FILE's column
// (before renames), and a code: `missing_field` (absent or empty) or `invalid_field`; never the value.
// Empty CSV cells of optional columns count as absent.
import type { z } from 'zod';
import { MIN_PAN_PRESERVING_LENGTH, type TokenFormat } from '../tokens/token-format-names';
import { holdsCardNumber, ZTokenMetadata } from '../tokens/token-metadata';
import type { TokenMetadata } from '../tokens/token-metadata-seal';
import { ZBankDataSchema, ZCardDataSchema } from '../vault/schemas';
import type { TokenPayload } from '../vault/token-payload';

export const CARDHOLDER_NAME_MAX_LENGTH = 200;
export const EXTERNAL_ID_MAX_LENGTH = 255;

export type ValidRow = {
  ok: true;
  payload: TokenPayload;
  metadata: TokenMetadata;
  externalId: string | null;
  expMonth: string | null;
  expYear: string | null;
};
export type InvalidRow = { ok: false; code: string; field: string | null; externalId: string | null };

const COLUMNS = new Set(['type', 'card_number', 'exp_month', 'exp_year', 'cardholder_name', 'external_id', 'account_number', 'routing_number', 'account_type', 'metadata', 'token', 'fingerprint']);
// An export's columns (ours, or another vault's) import as they are: `fingerprint` is another key's HMAC
// and is ignored (the fingerprint is made here); `token`, the card's token there, is the row's external_id
// when it has none, so the mapping says which new token replaces each old one and a re-run skips them. A
// format-preserving token (a run of 12 or more digits, the card's first 6 among them) is not used: the
// report shows external_ids, and it never shows card digits beyond the last 4.
const FORMAT_PRESERVING_TOKEN = /\d{12}/;
// The schemas' field names → our column names.
const CARD_FIELDS: Record<string, string> = { cardNumber: 'card_number', expirationMonth: 'exp_month', expirationYear: 'exp_year' };
const BANK_FIELDS: Record<string, string> = { accountNumber: 'account_number', routingNumber: 'routing_number', accountType: 'account_type', accountHolderName: 'cardholder_name' };

/** A column name fit to appear in the report: a header line could be a card row (a file without one). */
function reportable(name: string): string {
  return /^[A-Za-z0-9_. -]{1,100}$/.test(name) && !holdsCardNumber(name) && !/\d{7}/.test(name) ? name : '(unnamed column)';
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** The renames, inverted once per import: our column → the file's. */
export type ColumnMap = { toOurs: Map<string, string>; toFile: Map<string, string> };
export function columnMap(map: Record<string, string> | undefined): ColumnMap {
  const toOurs = new Map(Object.entries(map ?? {}));
  const toFile = new Map([...toOurs].map(([file, ours]) => [ours, file] as const));
  return { toOurs, toFile };
}

export function validateImportRow(record: Record<string, unknown>, columns: ColumnMap, tokenFormat: TokenFormat | undefined): ValidRow | InvalidRow {
  const row: Record<string, unknown> = {};
  const metadataIn: Record<string, unknown> = {};
  const fileName = (ours: string) => reportable(columns.toFile.get(ours) ?? ours);
  for (const key of Object.keys(record)) {
    const ours = columns.toOurs.get(key) ?? key;
    const value = record[key];
    if (ours.startsWith('metadata.')) {
      if (!absent(value)) metadataIn[ours.slice('metadata.'.length)] = value;
    } else if (ours === 'metadata' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      Object.assign(metadataIn, value); // JSON Lines may nest it
    } else if (!COLUMNS.has(ours) || ours === 'metadata') {
      return { ok: false, code: 'unknown_column', field: reportable(key), externalId: null };
    } else row[ours] = value;
  }
  const fail = (code: string, field: string | null, externalId: string | null = null): InvalidRow => ({ ok: false, code, field, externalId });

  // external_id first: a valid one goes into the report of a row failing for another reason.
  let externalId: string | null = null;
  if (absent(row.external_id) && typeof row.token === 'string' && row.token && !FORMAT_PRESERVING_TOKEN.test(row.token)) row.external_id = row.token;
  if (!absent(row.external_id)) {
    const value = row.external_id;
    if (typeof value !== 'string' || value.length > EXTERNAL_ID_MAX_LENGTH || holdsCardNumber(value)) return fail('invalid_field', fileName('external_id'));
    externalId = value;
  }
  let type: 'card' | 'bank' = 'card';
  if (!absent(row.type)) {
    if (row.type === 'bank' || row.type === 'card') type = row.type;
    else return fail('invalid_field', fileName('type'), externalId);
  }
  const firstIssue = (issues: z.core.$ZodIssue[], fields: Record<string, string>): InvalidRow => {
    const issue = issues[0]!;
    const field = fields[String(issue.path[0])] ?? String(issue.path[0] ?? 'type');
    const missing = /is required$/.test(issue.message);
    return fail(missing ? 'missing_field' : 'invalid_field', fileName(field), externalId);
  };
  const text = (value: unknown) => (absent(value) ? undefined : value);

  let payload: TokenPayload;
  let expMonth: string | null = null;
  let expYear: string | null = null;
  if (type === 'card') {
    const name = text(row.cardholder_name);
    if (name !== undefined && (typeof name !== 'string' || name.length > CARDHOLDER_NAME_MAX_LENGTH)) return fail('invalid_field', fileName('cardholder_name'), externalId);
    const parsed = ZCardDataSchema.safeParse({ cardNumber: text(row.card_number), expirationMonth: text(row.exp_month), expirationYear: text(row.exp_year) });
    if (!parsed.success) return firstIssue(parsed.error.issues, CARD_FIELDS);
    const { cardNumber, expirationMonth, expirationYear } = parsed.data;
    if (tokenFormat === 'pan_preserving' && cardNumber.length < MIN_PAN_PRESERVING_LENGTH) return fail('token_format_unsupported', fileName('card_number'), externalId);
    payload = { type: 'card', cardNumber, expirationMonth, expirationYear, ...(name === undefined ? {} : { cardholderName: name as string }) };
    expMonth = expirationMonth;
    expYear = expirationYear;
  } else {
    if (tokenFormat === 'pan_preserving' || tokenFormat === 'last4_preserving') return fail('token_format_unsupported', fileName('type'), externalId);
    const parsed = ZBankDataSchema.safeParse({
      accountNumber: text(row.account_number),
      routingNumber: text(row.routing_number),
      ...(text(row.account_type) === undefined ? {} : { accountType: row.account_type }),
      ...(text(row.cardholder_name) === undefined ? {} : { accountHolderName: row.cardholder_name }),
    });
    if (!parsed.success) return firstIssue(parsed.error.issues, BANK_FIELDS);
    payload = { type: 'bank', ...parsed.data };
  }

  let metadata: TokenMetadata = {};
  if (Object.keys(metadataIn).length) {
    const parsed = ZTokenMetadata.safeParse(metadataIn);
    if (!parsed.success) {
      const key = parsed.error.issues[0]!.path[0];
      return fail('invalid_field', key === undefined ? 'metadata' : fileName(`metadata.${String(key)}`), externalId);
    }
    metadata = parsed.data;
  }
  return { ok: true, payload, metadata, externalId, expMonth, expYear };
}
