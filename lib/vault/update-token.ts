// PATCH a token (issue 25): merge its metadata, set or clear its expiry, and for a card its expiry month
// and year. In one transaction holding the token's row (FOR UPDATE: a concurrent PATCH, delete or expiry
// pass waits or skips it) and its project's row (FOR SHARE: no data key rotation or searchable-key change
// meanwhile, so the key version and index list read here are the ones that stay current): the card data and
// the metadata are opened under the token's key version and sealed again under the project's CURRENT data
// key version (so an updated token is always on the newest key), and the search index entries of the
// changed keys follow (only keys the project marks searchable; a removed key's entry goes). The token value,
// mask, fingerprint and dates other than `expires_at` never change, and a PATCH is not a use.
// A deleted token is gone (404 `token_not_found`, as GET); an expired one is 404 `token_expired` (its card
// data is being destroyed: its expiry cannot be moved back). Returns the fields that changed, by name only
// (`metadata.<key>`, `expires_at`, `expirationMonth`, `expirationYear`), for the audit row: never a value.
import { VaultError, messages } from '../core/errors';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import type { Runtime } from '../runtime/types';
import { METADATA_MAX_KEYS } from '../tokens/token-metadata';
import { metadataEntryMac, metadataSearchKey, openMetadata, sealMetadata, type TokenMetadata } from '../tokens/token-metadata-seal';
import { openPayload, sealPayload, type TokenPayload } from './token-payload';
import type { TokenFormat } from '../tokens/token-format-names';
import { withTokenCreators, type TokenCreator } from '../tokens/token-creators';
import type { TokenDetails } from '../tokens/token-details';
import type { TokenRow } from '../tokens/token-row';
import { assertTokenShape, tokenNotFound, type TokenScope } from '../tokens/token-scope';
import { tokenStatus } from '../tokens/token-status';
import type { TUpdateTokenRequest } from './update-token-schema';

type LockedRow = {
  id: string; token: string; project_id: string; application_id: string | null; type: 'card' | 'bank'; token_format: TokenFormat;
  mask: string; bin: string | null; last4: string; brand: string | null; fingerprint: string; test_mode: boolean; created_at: Date;
  ciphertext: Uint8Array | null; metadata_sealed: Uint8Array | null; key_version: number; expires_at: Date | null; last_used_at: Date; deleted_at: Date | null;
  wrapped_data_key: Uint8Array; data_key_version: number; fingerprint_key_wrapped: Uint8Array | null; fingerprint_key_version: number;
  token_retention_days: number | null; searchable_metadata_keys: string[] | null;
};

const lockToken = (scope: 'account' | 'project') => `
  SELECT t.id, t.token, t.project_id, t.application_id, t.type::text AS type, t.token_format::text AS token_format, t.mask, t.bin, t.last4,
         t.brand, t.fingerprint, t.test_mode, t.created_at, t.ciphertext, t.metadata_sealed, t.key_version, t.expires_at, t.last_used_at,
         t.deleted_at, p.wrapped_data_key, p.data_key_version, p.fingerprint_key_wrapped, p.fingerprint_key_version, p.token_retention_days,
         p.searchable_metadata_keys
  FROM tokens t JOIN projects p ON p.id = t.project_id
  WHERE t.token = $1 AND ${scope === 'account' ? 'p.account_id' : 't.project_id'} = $2::uuid
  FOR UPDATE OF t FOR SHARE OF p`;

const WRITE_TOKEN = `UPDATE tokens SET ciphertext = $2, metadata_sealed = $3, key_version = $4, expires_at = $5::timestamptz WHERE id = $1::uuid`;
const WRITE_SEARCH_ENTRIES = `
  WITH removed AS (DELETE FROM token_search_entries WHERE token_id = $1::uuid AND key = ANY ($3::text[]))
  INSERT INTO token_search_entries (token_id, project_id, key, value_mac, created_at)
  SELECT $1::uuid, $2::uuid, e.key, e.mac, $4::timestamptz FROM unnest($5::text[], $6::text[]) AS e (key, mac)
  ON CONFLICT (token_id, key) DO UPDATE SET value_mac = EXCLUDED.value_mac`;

export type UpdatedToken = { view: TokenRow & TokenDetails & { createdBy: TokenCreator }; fields: string[] };

const onlyForCards = (field: string) => VaultError.validation([{ path: field, message: `${field} applies to card tokens only` }]);
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Applies `changes` to the token; what changed, by field name. */
function applyChanges(row: LockedRow, payload: TokenPayload, metadata: TokenMetadata, changes: TUpdateTokenRequest) {
  const fields: string[] = [];
  const merged: TokenMetadata = { ...metadata };
  const setKeys: string[] = [];
  const removedKeys: string[] = [];
  for (const [key, value] of Object.entries(changes.metadata ?? {})) {
    if (value === null) {
      if (key in merged) removedKeys.push(key);
      delete merged[key];
    } else if (merged[key] !== value) {
      merged[key] = value;
      setKeys.push(key);
    }
  }
  if (Object.keys(merged).length > METADATA_MAX_KEYS) {
    throw VaultError.validation([{ path: 'metadata', message: `metadata must have at most ${METADATA_MAX_KEYS} keys after the merge` }]);
  }
  fields.push(...[...setKeys, ...removedKeys].sort().map((key) => `metadata.${key}`));
  const expiresAt = changes.expires_at === undefined ? row.expires_at : changes.expires_at;
  if (!sameTime(expiresAt, row.expires_at)) fields.push('expires_at');
  // A bank token never gets here with these fields (updateToken refuses them before anything is opened).
  let updated = payload;
  for (const field of ['expirationMonth', 'expirationYear'] as const) {
    const value = changes[field];
    if (value === undefined || updated.type !== 'card') continue;
    if (updated[field] !== value) {
      updated = { ...updated, [field]: value };
      fields.push(field);
    }
  }
  return { fields, merged, setKeys, removedKeys, expiresAt, payload: updated };
}

export async function updateToken(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { scope: TokenScope; token: string; changes: TUpdateTokenRequest; now?: Date },
): Promise<UpdatedToken> {
  assertTokenShape(options.token);
  const now = options.now ?? new Date();
  const [scope, scopeId] = 'accountId' in options.scope ? (['account', options.scope.accountId] as const) : (['project', options.scope.projectId] as const);
  const result = await runtime.db.sql.transaction(async (tx) => {
    const [row] = await tx.query<LockedRow>(lockToken(scope), [options.token, scopeId]);
    if (!row || row.deleted_at) throw tokenNotFound();
    const lifecycle = { deletedAt: row.deleted_at, expiresAt: row.expires_at && new Date(row.expires_at), lastUsedAt: new Date(row.last_used_at) };
    if (tokenStatus(lifecycle, row.token_retention_days, now) !== 'active' || !row.ciphertext) throw new VaultError('token_expired', messages.tokenExpired);
    // A bank token refuses the card fields before anything is opened.
    if (row.type !== 'card') for (const field of ['expirationMonth', 'expirationYear'] as const) if (options.changes[field] !== undefined) throw onlyForCards(field);

    const project: ProjectKeyRef = {
      id: row.project_id,
      wrappedDataKey: row.wrapped_data_key,
      dataKeyVersion: row.data_key_version,
      fingerprintKeyWrapped: row.fingerprint_key_wrapped,
      fingerprintKeyVersion: row.fingerprint_key_version,
    };
    const owner = { projectId: row.project_id, tokenId: row.id };
    // An earlier version's key is read on this transaction (PGlite runs one statement at a time: a read
    // beside it would wait for it forever).
    const onTx = { keyring: runtime.keyring, db: { ...runtime.db, sql: { ...runtime.db.sql, query: tx.query } } };
    const sealedUnder = await encryptionKeyForVersion(onTx, project, row.key_version);
    const opened = openPayload(sealedUnder, { ...owner, keyVersion: row.key_version }, row.ciphertext);
    const change = applyChanges(row, opened, openMetadata(sealedUnder, owner, row.metadata_sealed), options.changes);

    const current = runtime.keyring.projectKeys(project);
    const metadataSealed = sealMetadata(current.encryption, owner, change.merged);
    await tx.query(WRITE_TOKEN, [row.id, sealPayload(current.encryption, owner, change.payload), metadataSealed, current.version, change.expiresAt]);
    const searchable = new Set(row.searchable_metadata_keys ?? []);
    const indexed = change.setKeys.filter((key) => searchable.has(key));
    const unindexed = change.removedKeys.filter((key) => searchable.has(key));
    if (indexed.length || unindexed.length) {
      const searchKey = metadataSearchKey(current.fingerprint);
      await tx.query(WRITE_SEARCH_ENTRIES, [row.id, row.project_id, unindexed, row.created_at, indexed, indexed.map((key) => metadataEntryMac(searchKey, key, change.merged[key]!))]);
    }
    const view: TokenRow & TokenDetails = {
      id: row.id, token: row.token, projectId: row.project_id, applicationId: row.application_id, type: row.type, mask: row.mask, bin: row.bin,
      last4: row.last4, brand: row.brand, fingerprint: row.fingerprint, testMode: row.test_mode, createdAt: new Date(row.created_at),
      tokenFormat: row.token_format, keyVersion: current.version, metadataSealed, expiresAt: change.expiresAt && new Date(change.expiresAt),
      lastUsedAt: lifecycle.lastUsedAt, deletedAt: null, metadata: change.merged,
      status: tokenStatus({ ...lifecycle, expiresAt: change.expiresAt }, row.token_retention_days, now),
    };
    return { view, fields: change.fields };
  });
  const [view] = await withTokenCreators(runtime, [result.view]);
  return { view: view!, fields: result.fields };
}
