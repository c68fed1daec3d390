// Runs the audit chain's sealer in the background (every 2 s) so rows join the chain within seconds of
// being written; readers of the log (list, export, verify) also seal first. One pass at a time per
// process; across processes sealers race for each seal index and one wins (audit-chain.ts).
import type { Logger } from '../logger';
import { sealAuditLog, type SealRuntime } from './audit-chain';

const INTERVAL_MS = 2_000;

export function startAuditSealer(options: SealRuntime & { logger: Logger }): { stop(): Promise<void> } {
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
