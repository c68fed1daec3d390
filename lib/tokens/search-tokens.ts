// Token search (issue 25): the tokens of a scope (a session's account or one of its projects, an API key's
// project) matching every filter given, newest first, one keyset page at a time (created_at DESC, id DESC,
// the cursor of GET /api/tokens). Masked fields, the metadata and the status, as the tokens API shows them.
// - Metadata: exact values of keys the project lists in `searchable_metadata_keys` (a 400 naming
//   `metadata.<key>` otherwise), found through the keyed index (token_search_entries: the HMAC of key and
//   value under the project's search key). The first pair is the index range the page is read from
//   ((project_id, value_mac, created_at DESC, token_id DESC)); each further pair is a lookup of that
//   token's entry by its primary key, so several pairs intersect. While a re-index of a key just added is
//   unfinished, a filter on it answers 409 `conflict` (lib/tokens/reindex-metadata.ts): an answer that
//   silently missed the older tokens would read as "none".
// - Status: active, expired or deleted at the call's clock (`now`, passed in: tests control it), by the
//   rules of lib/tokens/token-status.ts. Deleted tokens appear only for `deleted`.
import { VaultError } from '../core/errors';
import { keysetPage, type PageCursor } from '../core/cursor';
import { PROJECT_KEY_COLUMNS } from '../crypto/keyring';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { metadataEntryMac, metadataSearchKey } from './token-metadata-seal';
import { readNewestAcrossProjects, scopeProjectIds } from './list-tokens';
import { FINGERPRINT_LENGTH } from './schemas';
import type { TSearchTokensByKeyRequest } from './search-schemas';
import { withTokenCreators, type TokenCreator } from './token-creators';
import { withTokenDetails, type TokenDetails } from './token-details';
import { tokenColumns, type TokenRow } from './token-row';
import { activeTokenSql } from './token-status';

/** A session's account (one of its projects when `projectId` is given), or an API key's project. */
export type SearchScope = { accountId: string; projectId?: string } | { projectId: string };

/**
 * The request's filters; `status` may also be `live` (active or expired: what GET /api/tokens lists), the
 * dashboard's Tokens page default, which the API does not take.
 */
export type SearchTokensFilters = Omit<TSearchTokensByKeyRequest, 'status'> & { status: TSearchTokensByKeyRequest['status'] | 'live' };

export type SearchTokensOptions = { scope: SearchScope; filters: SearchTokensFilters; now: Date };

type MetadataMatch = { key: string; mac: string };

export const metadataKeyIndexing = (key: string) => new VaultError('conflict', `metadata key ${key} is still being indexed; try again shortly`);

/** The index values the metadata filter looks for, once its keys are known to be searchable and indexed. */
async function metadataMatches(runtime: Pick<Runtime, 'db' | 'keyring'>, projectId: string, metadata: Record<string, string>): Promise<MetadataMatch[]> {
  const project = await runtime.db.prisma.project.findUniqueOrThrow({
    where: { id: projectId },
    select: { ...PROJECT_KEY_COLUMNS, searchableMetadataKeys: true, metadataReindexCursor: true, metadataReindexKeys: true },
  });
  const keys = Object.keys(metadata);
  const unsearchable = keys.filter((key) => !project.searchableMetadataKeys.includes(key));
  if (unsearchable.length) {
    throw VaultError.validation(unsearchable.map((key) => ({ path: `metadata.${key}`, message: `metadata.${key} is not in this project's searchable_metadata_keys` })));
  }
  const indexing = project.metadataReindexCursor ? keys.find((key) => project.metadataReindexKeys.includes(key)) : undefined;
  if (indexing) throw metadataKeyIndexing(indexing);
  const searchKey = metadataSearchKey(runtime.keyring.projectKeys(project).fingerprint);
  return keys.map((key) => ({ key, mac: metadataEntryMac(searchKey, key, metadata[key]!) }));
}

/** The statement of one project's page: ids and creation times, newest first, `limit + 1` of them. */
function pageStatement(projectId: string, options: SearchTokensOptions, metadata: MetadataMatch[]): { text: string; values: unknown[] } {
  const { filters } = options;
  const values: unknown[] = [projectId];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const [first, ...more] = metadata;
  // With a metadata filter the page is read from its first pair's index range (same created_at as the token's).
  const at = first ? 'e0.created_at' : 't.created_at';
  const id = first ? 'e0.token_id' : 't.id';
  const from = [first ? 'token_search_entries e0 JOIN tokens t ON t.id = e0.token_id' : 'tokens t', 'JOIN projects p ON p.id = t.project_id'];
  const where = ['t.project_id = $1::uuid'];
  if (first) where.push('e0.project_id = $1::uuid', `e0.value_mac = ${param(first.mac)}`, `e0.key = ${param(first.key)}`);
  more.forEach((match, index) => {
    const entry = `e${index + 1}`;
    from.push(`JOIN token_search_entries ${entry} ON ${entry}.token_id = t.id AND ${entry}.key = ${param(match.key)} AND ${entry}.value_mac = ${param(match.mac)}`);
  });
  if (filters.status === 'deleted') where.push('t.deleted_at IS NOT NULL');
  else if (filters.status === 'live') where.push('t.deleted_at IS NULL');
  else {
    const active = activeTokenSql(param(options.now, '::timestamptz'));
    where.push(filters.status === 'active' ? `(${active})` : `t.deleted_at IS NULL AND NOT (${active})`);
  }
  if (filters.type) where.push(`t.type = ${param(filters.type, '::"TokenType"')}`);
  if (filters.token_format) where.push(`t.token_format = ${param(filters.token_format, '::"TokenFormat"')}`);
  if (filters.brand) where.push(`t.brand = ${param(filters.brand)}`);
  if (filters.last4) where.push(`t.last4 = ${param(filters.last4)}`);
  // The BIN only where the mask shows it (as the view's `bin`): a short card's hidden BIN cannot be probed.
  if (filters.bin) where.push(`t.bin = ${param(filters.bin)} AND left(t.mask, 6) = t.bin`);
  if (filters.fingerprint) {
    where.push(filters.fingerprint.length === FINGERPRINT_LENGTH ? `t.fingerprint = ${param(filters.fingerprint)}` : `t.fingerprint LIKE ${param(`${filters.fingerprint}%`)}`);
  }
  if (filters.created_from) where.push(`${at} >= ${param(filters.created_from.from, '::timestamptz')}`);
  if (filters.created_to) where.push(`${at} < ${param(filters.created_to.to, '::timestamptz')}`);
  if (filters.expires_before) where.push(`t.expires_at < ${param(filters.expires_before, '::timestamptz')}`);
  if (filters.cursor) {
    // As lib/core/cursor.ts's afterCursor: the bound on created_at is an index condition.
    const cursorAt = param(filters.cursor.createdAt, '::timestamptz');
    where.push(`${at} <= ${cursorAt} AND (${at} < ${cursorAt} OR ${id} < ${param(filters.cursor.id, '::uuid')})`);
  }
  return {
    text: `SELECT ${id} AS id, ${at} AS created_at FROM ${from.join(' ')} WHERE ${where.join(' AND ')} ORDER BY ${at} DESC, ${id} DESC LIMIT ${filters.limit + 1}`,
    values,
  };
}

async function readProjectPage(runtime: Pick<Runtime, 'db'>, projectId: string, options: SearchTokensOptions, metadata: MetadataMatch[]): Promise<PageCursor[]> {
  const { text, values } = pageStatement(projectId, options, metadata);
  const rows = await runtime.db.sql.query<{ id: string; created_at: Date | string }>(text, values);
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) }));
}

export async function searchTokens(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: SearchTokensOptions,
): Promise<{ rows: (TokenRow & TokenDetails & { createdBy: TokenCreator })[]; nextCursor: string | null }> {
  const { scope, filters } = options;
  let projectIds: string[];
  if ('accountId' in scope) {
    // A project of another account is a 404, as everywhere else.
    if (scope.projectId) await getAccountProjectOrThrow(runtime, { accountId: scope.accountId, projectId: scope.projectId });
    projectIds = await scopeProjectIds(runtime, { accountId: scope.accountId, projectId: scope.projectId });
  } else {
    projectIds = [scope.projectId];
  }
  // The schema lets metadata through only with one project (a session names it; a key has one).
  const metadata = filters.metadata && Object.keys(filters.metadata).length ? await metadataMatches(runtime, projectIds[0]!, filters.metadata) : [];
  const found = await readNewestAcrossProjects(projectIds, filters.limit, (projectId) => readProjectPage(runtime, projectId, options, metadata));
  const { page, nextCursor } = keysetPage(found, filters.limit);
  const byId = new Map(
    (await runtime.db.prisma.token.findMany({ where: { id: { in: page.map((row) => row.id) } }, select: tokenColumns })).map((row) => [row.id, row]),
  );
  const rows = page.flatMap((row) => byId.get(row.id) ?? []);
  return { rows: await withTokenCreators(runtime, await withTokenDetails(runtime, rows, options.now)), nextCursor };
}
