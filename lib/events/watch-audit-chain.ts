// The background audit chain check (lib/runtime/event-jobs.ts runs it every AUDIT_VERIFY_INTERVAL_SECONDS):
// verifyAuditChain from its own checkpoint `background` (the CLI's `cli` one never moves for it), the whole
// chain when asked (once a day). A break writes `audit.chain_broken` to every project of the account the
// broken row belongs to (or of the installation, when the break is no row of an account), once: the dedupe
// key names the project and the break, so finding it again on later runs or on other nodes writes nothing.
// A break keeps the checkpoint where it was, so each later run finds it again until it is dealt with.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, SqlClient } from '../db/connect';
import { auditChainBrokenData } from './audit-event-data';
import { recordAccountEvent } from './record-account-event';
import type { Logger } from '../logger';
import { verifyAuditChain, type InstallationVerification } from '../audit/verify-audit-chain';

export const BACKGROUND_CHECKPOINT = 'background';

/**
 * The share of the time the background verification keeps busy: after each seal it waits four times as long
 * as the seal took. A whole-chain run of 20 million rows (the daily one, and the first after a start) took a
 * core for minutes beside the requests; paced, it takes five times as long and a fifth of the time.
 */
export const WATCH_DUTY_CYCLE = 0.2;

/** How long to wait after `busyMs` of work to keep to `dutyCycle` (0–1]. */
export const pauseAfter = (busyMs: number, dutyCycle: number) => Math.max(0, busyMs) * (1 / dutyCycle - 1);

/** The watch's pace: the pause after each seal, cut short (AbortError) when the process stops. */
const pacedUntil = (signal?: AbortSignal) => (busyMs: number) => sleep(pauseAfter(busyMs, WATCH_DUTY_CYCLE), undefined, { signal });

type WatchRuntime = Parameters<typeof verifyAuditChain>[0] & { db: Pick<Database, 'sql'>; logger: Pick<Logger, 'error'> };

// The row's account; rows written before account ids by their project's or user's account.
const ROW_ACCOUNT = `SELECT COALESCE(entry.account_id, project.account_id, member.account_id)::text AS account_id
  FROM audit_logs entry LEFT JOIN projects project ON project.id = entry.project_id LEFT JOIN users member ON member.id = entry.user_id
  WHERE entry.id = $1::uuid`;

async function brokenRowAccount(sql: Pick<SqlClient, 'query'>, rowId: string | null): Promise<string | null> {
  if (!rowId) return null;
  const [row] = await sql.query<{ account_id: string | null }>(ROW_ACCOUNT, [rowId]);
  return row?.account_id ?? null;
}

/** One verification; `events`: the `audit.chain_broken` events this run wrote (0 when already reported). */
export async function watchAuditChain(
  runtime: WatchRuntime,
  options: { full?: boolean; now?: Date; pace?: (busyMs: number) => Promise<void>; signal?: AbortSignal } = {},
): Promise<InstallationVerification & { events: number }> {
  const result = await verifyAuditChain(runtime, { full: options.full, checkpoint: BACKGROUND_CHECKPOINT, pace: options.pace ?? pacedUntil(options.signal) });
  if (result.valid) return { ...result, events: 0 };
  runtime.logger.error({ firstBrokenId: result.first_broken_id, reason: result.reason }, 'audit chain verification found a break');
  const cause = result.first_broken_id ?? result.reason;
  const data = auditChainBrokenData(result, options.now ?? new Date());
  const events = await runtime.db.sql.transaction(async (tx) =>
    recordAccountEvent(tx, {
      accountId: await brokenRowAccount(tx, result.first_broken_id),
      type: 'audit.chain_broken',
      data,
      dedupeKey: (projectId) => `audit.chain_broken:${projectId}:${cause}`,
    }),
  );
  return { ...result, events };
}
