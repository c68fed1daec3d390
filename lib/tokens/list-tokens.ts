// The tokens of the caller's account (joined through the project), newest first, one page at a time:
// ordered created_at DESC, id DESC (a total order, so pages never overlap or skip), the next page
// starting strictly after the cursor's (created_at, id). Masked fields only, and who created each token.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { afterCursor, keysetPage, type PageCursor, type TokenCursor } from '../core/cursor';
import { tokenColumns, type TokenRow } from './token-row';
import { FINGERPRINT_LENGTH, type TListTokensQuery } from './schemas';
import { withTokenCreators, type TokenCreator } from './token-creators';
import { withTokenDetails, type TokenDetails } from './token-details';

export type ListTokensOptions = {
  accountId: string;
  projectId?: string;
  type?: 'card' | 'bank';
  last4?: string;
  brand?: string;
  /** The full fingerprint, or a prefix of it (validated by the query schema). */
  fingerprint?: string;
  /** Inclusive lower bound of created_at. */
  createdFrom?: Date;
  /** Exclusive upper bound of created_at. */
  createdBefore?: Date;
  limit: number;
  cursor?: TokenCursor;
};

/** The listing's options from GET /api/tokens' parsed query (the route and the dashboard page both use it). */
export function tokenListOptions(accountId: string, query: TListTokensQuery): ListTokensOptions {
  return {
    accountId,
    projectId: query.project_id,
    type: query.type,
    last4: query.last4,
    brand: query.brand,
    fingerprint: query.fingerprint,
    createdFrom: query.created_from?.from,
    createdBefore: query.created_to?.to,
    limit: query.limit,
    cursor: query.cursor,
  };
}

export async function listTokens(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: ListTokensOptions,
): Promise<{ rows: (TokenRow & TokenDetails & { createdBy: TokenCreator })[]; nextCursor: string | null }> {
  // A project of another account is a 404, as everywhere else.
  if (options.projectId) await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  // One read per project, each an index range of (project_id, created_at DESC, id DESC) or (project_id,
  // last4, …) that stops after a page: a join through projects would sort every token of the account
  // (half a second at a million, issue 23). The reads are merged here; an account has few projects.
  const projectIds = await scopeProjectIds(runtime, options);
  const rows = await readNewestAcrossProjects(projectIds, options.limit, (projectId) => readProjectPage(runtime, projectId, options));
  const { page, nextCursor } = keysetPage(rows, options.limit);
  return { rows: await withTokenCreators(runtime, await withTokenDetails(runtime, page)), nextCursor };
}

/** The one project asked for (already checked to be the account's), or every project of the account. */
export async function scopeProjectIds(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId?: string }): Promise<string[]> {
  if (options.projectId) return [options.projectId];
  return (await runtime.db.prisma.project.findMany({ where: { accountId: options.accountId }, select: { id: true } })).map((project) => project.id);
}

const PARALLEL_READS = 4;

const newestFirst = (a: PageCursor, b: PageCursor) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The first `limit + 1` rows, newest first, of per-project reads that each return their project's first
 * `limit + 1` in that order; a few reads at a time: an account with many projects must not take the whole
 * connection pool.
 */
export async function readNewestAcrossProjects<Row extends PageCursor>(projectIds: string[], limit: number, read: (projectId: string) => Promise<Row[]>): Promise<Row[]> {
  const reads: Row[] = [];
  for (let index = 0; index < projectIds.length; index += PARALLEL_READS) {
    const pages = await Promise.all(projectIds.slice(index, index + PARALLEL_READS).map(read));
    reads.push(...pages.flat());
  }
  return reads.sort(newestFirst).slice(0, limit + 1);
}

function readProjectPage(runtime: Pick<Runtime, 'db'>, projectId: string, options: ListTokensOptions) {
  return runtime.db.prisma.token.findMany({
    where: {
      projectId,
      // Deleted tokens keep their row (issue 25) but leave the listing; a search for status deleted shows them.
      deletedAt: null,
      ...(options.type ? { type: options.type } : {}),
      ...(options.last4 ? { last4: options.last4 } : {}),
      ...(options.brand ? { brand: options.brand } : {}),
      ...(options.fingerprint
        ? { fingerprint: options.fingerprint.length === FINGERPRINT_LENGTH ? options.fingerprint : { startsWith: options.fingerprint } }
        : {}),
      ...(options.createdFrom || options.createdBefore
        ? { createdAt: { ...(options.createdFrom ? { gte: options.createdFrom } : {}), ...(options.createdBefore ? { lt: options.createdBefore } : {}) } }
        : {}),
      ...afterCursor(options.cursor),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit + 1,
    select: tokenColumns,
  });
}
