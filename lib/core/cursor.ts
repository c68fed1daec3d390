// The opaque cursor of GET /api/tokens (and GET /api/checkout-sessions): base64url of the last row's
// (created_at, id). Rows are ordered created_at DESC, id DESC, so the next page starts strictly after that
// pair. A cursor that does not decode to exactly this shape is a 400 naming `cursor`, never a silent first page.
import { isUuid } from './uuid';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export type PageCursor = { createdAt: Date; id: string };
export type TokenCursor = PageCursor;

export function encodeCursor(cursor: TokenCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this API issued (ids are UUIDs unless `isId` says otherwise). */
export function decodeCursor(raw: string, isId: (id: string) => boolean = isUuid): TokenCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  const [iso, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !iso || !id || !ISO_MS.test(iso) || !isId(id)) return null;
  const createdAt = new Date(iso);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso) return null;
  return { createdAt, id: isId === isUuid ? id.toLowerCase() : id };
}

type AfterCursor = { AND?: [{ createdAt: { lte: Date } }, { OR: [{ createdAt: { lt: Date } }, { id: { lt: string } }] }] };

/**
 * The Prisma `where` of the rows after `cursor` in created_at DESC, id DESC order (nothing without one):
 * created_at ≤ the cursor's, and then earlier or a smaller id. The same rows as "earlier, or the same time
 * and a smaller id", written so that the bound on created_at is an index condition: an index on
 * (…, created_at DESC, id DESC) starts at the cursor instead of reading every newer row first (a page deep in
 * 10 million tokens, issue 23).
 */
export function afterCursor(cursor: PageCursor | undefined): AfterCursor {
  return cursor ? { AND: [{ createdAt: { lte: cursor.createdAt } }, { OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }] }] } : {};
}

/** A page of `limit` rows from a read of `limit + 1`, and the cursor of the next page (null on the last). */
export function keysetPage<Row extends PageCursor>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}
