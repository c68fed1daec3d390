// Runs the audit chain's sealer in the background so rows join the chain within seconds of being written;
// readers of the log (list, export, verify) also seal first. One pass at a time per process; across
// processes sealers race for each seal index and one wins (audit-chain.ts). On PGlite every query runs on
// the event loop's thread and holds the only connection, so passes are frequent and small there: the
// work is spread between requests instead of arriving as one burst every 2 s (the embedded p99).
import type { Logger } from '../logger';
import { runEvery, type BackgroundJob } from '../background/run-every';
import { sealAuditLog, type SealRuntime } from './audit-chain';

const INTERVAL_MS = { postgresql: 2_000, pglite: 250 } as const;

export function startAuditSealer(options: SealRuntime & { logger: Logger }): BackgroundJob {
  return runEvery({ intervalMs: INTERVAL_MS[options.db.kind], logger: options.logger, failure: 'audit sealing failed; retrying' }, () => sealAuditLog(options));
}
