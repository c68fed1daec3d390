// The account's events (optionally of one project or type, in a time range), newest first, one page at a
// time (created_at DESC, id DESC; the cursor names the last row's pair), so a receiver can catch up on
// what it missed. Each is the envelope exactly as delivered.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { afterCursor, keysetPage } from '../core/cursor';
import type { Envelope } from './record-event';
import type { TListEventsQuery } from './schemas';

export async function listEvents(runtime: Pick<Runtime, 'db'>, options: { accountId: string; query: TListEventsQuery }): Promise<{ rows: Envelope[]; nextCursor: string | null }> {
  const { query } = options;
  if (query.project_id) await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: query.project_id });
  const { cursor } = query;
  const rows = await runtime.db.prisma.webhookEvent.findMany({
    where: {
      project: { accountId: options.accountId },
      ...(query.project_id ? { projectId: query.project_id } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.from || query.to ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } } : {}),
      ...afterCursor(cursor),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    select: { id: true, body: true, createdAt: true },
  });
  const { page, nextCursor } = keysetPage(rows, query.limit);
  return { rows: page.map((row) => JSON.parse(row.body) as Envelope), nextCursor };
}
