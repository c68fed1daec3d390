// Events about an account rather than a project (a member's role, the audit chain) reach endpoints, which
// belong to projects, as one event per project of the account: each with its own id, project_id and
// livemode, all on the caller's transaction. No account (a break outside any account's rows) means every
// project of the installation. Projects go in id order, so writers racing on the same deduplicated events
// take their keys in the same order and never deadlock.
import type { SqlClient } from '../db/connect';
import type { EventType } from './event-types';
import { isLivemode } from './livemode';
import { recordEvent } from './record-event';

type AccountEvent = {
  /** null: every project of the installation. */
  accountId: string | null;
  type: EventType;
  data: Record<string, unknown>;
  /** The event's dedupe key in each project (see recordEvent): none when absent. */
  dedupeKey?: (projectId: string) => string;
};

type ProjectRow = { id: string; environment: 'test' | 'production' };

/** Returns how many events were written (a deduplicated one already there is not). */
export async function recordAccountEvent(sql: Pick<SqlClient, 'query'>, event: AccountEvent): Promise<number> {
  const projects = event.accountId
    ? await sql.query<ProjectRow>('SELECT id::text, environment::text FROM projects WHERE account_id = $1::uuid ORDER BY id', [event.accountId])
    : await sql.query<ProjectRow>('SELECT id::text, environment::text FROM projects ORDER BY id');
  let written = 0;
  for (const project of projects) {
    const recorded = await recordEvent(sql, {
      projectId: project.id,
      livemode: isLivemode(project.environment),
      type: event.type,
      data: event.data,
      dedupeKey: event.dedupeKey?.(project.id),
    });
    if (recorded) written += 1;
  }
  return written;
}
