// The event jobs of a process (WEBHOOK_WORKER=on): the checkout expiry sweeper (every
// CHECKOUT_EXPIRY_SWEEP_MS, so a lapsed session's `checkout.session.expired` is written within that time
// even if nobody loads it), the background audit chain watch (every AUDIT_VERIFY_INTERVAL_SECONDS, the
// whole chain on its first run and then once a day), the retention purge and the usage roll-up of closed
// days (hourly), the metadata re-index of searchable keys added (every 5 s), and the expiry of export
// requests not approved (or not downloaded) within 24 h (every minute). Like the audit sealer:
// unref'd timers (they never keep a process alive), one pass of each job at a time, a failed pass logged and simply retried at the next tick; `stop()` aborts the passes in
// flight and awaits them (the long ones, the watch and the roll-up, end at their next step). Every node
// may run them: each job's conditional statements or dedupe keys make concurrent passes write each change
// once.
import { watchAuditChain } from '../events/watch-audit-chain';
import { expireLapsedSessions } from '../checkout/expire-lapsed-sessions';
import type { Config } from '../config';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import { runEvery, type BackgroundJob } from '../background/run-every';
import { purgeOldEvents } from '../events/purge-old-events';
import { rollUpAllProjects } from '../usage/roll-up-all-projects';
import { expireTokens } from '../tokens/expire-tokens';
import { REINDEX_INTERVAL_MS, reindexPendingProjects } from '../tokens/reindex-metadata';
import { EXPORT_EXPIRY_SWEEP_MS, expireExports } from '../exports/expire-exports';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
export const USAGE_ROLL_UP_INTERVAL_MS = 60 * 60 * 1000;
/** Expired tokens lose their ciphertext within a minute of expiry (issue 25): a pass every 30 s. */
export const TOKEN_EXPIRY_INTERVAL_MS = 30 * 1000;
const FULL_VERIFY_EVERY_MS = 24 * 60 * 60 * 1000;

type JobsRuntime = {
  db: Database;
  keyring: Keyring;
  logger: Logger;
  config: Pick<Config, 'CHECKOUT_EXPIRY_SWEEP_MS' | 'AUDIT_VERIFY_INTERVAL_SECONDS' | 'EVENT_RETENTION_DAYS'>;
};

/** `pass` every `intervalMs` (lib/background/run-every.ts), its failures logged under the job's name. */
const every = (intervalMs: number, name: string, logger: Logger, pass: (signal: AbortSignal) => Promise<unknown>) =>
  runEvery({ intervalMs, logger, failure: 'event job failed; retrying at its next run', fields: { job: name } }, pass);

export function startEventJobs(runtime: JobsRuntime): BackgroundJob {
  const { config, logger } = runtime;
  let lastFullVerify: number | null = null;
  const watch = async (signal: AbortSignal) => {
    const startedAt = Date.now();
    const full = lastFullVerify === null || startedAt - lastFullVerify >= FULL_VERIFY_EVERY_MS;
    await watchAuditChain(runtime, { full, signal });
    if (full) lastFullVerify = startedAt;
  };
  const jobs = [
    every(config.CHECKOUT_EXPIRY_SWEEP_MS, 'checkout-expiry', logger, () => expireLapsedSessions(runtime.db)),
    every(config.AUDIT_VERIFY_INTERVAL_SECONDS * 1000, 'audit-watch', logger, watch),
    every(PURGE_INTERVAL_MS, 'event-retention', logger, () => purgeOldEvents(runtime.db, { retentionDays: config.EVENT_RETENTION_DAYS })),
    every(USAGE_ROLL_UP_INTERVAL_MS, 'usage-roll-up', logger, (signal) => rollUpAllProjects(runtime, { signal })),
    every(TOKEN_EXPIRY_INTERVAL_MS, 'token-expiry', logger, (signal) => expireTokens(runtime, { signal })),
    every(REINDEX_INTERVAL_MS, 'metadata-reindex', logger, (signal) => reindexPendingProjects(runtime, { signal })),
    every(EXPORT_EXPIRY_SWEEP_MS, 'export-expiry', logger, () => expireExports(runtime)),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
