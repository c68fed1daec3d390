// Runs the audit chain's sealer in the background (every 2 s) so rows join the chain within seconds of
// being written; readers of the log (list, export, verify) also seal first. One pass at a time per
// process; across processes the advisory lock in sealAuditLog takes turns.
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import { sealAuditLog } from './audit-chain';

const INTERVAL_MS = 2_000;

export function startAuditSealer(options: { db: Pick<Database, 'sql'>; logger: Logger }): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = sealAuditLog(options)
      .catch((error: unknown) => options.logger.warn({ err: error }, 'audit sealing failed; retrying'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
