// A serving node's background work: the audit sealer (AUDIT_SEALER), the event jobs and the webhook worker
// (WEBHOOK_WORKER; the CLI's one-shot commands pass background: false). `stop()` stops them in order.
import { startAuditSealer } from '../audit/audit-sealer';
import { startWebhookWorker, type WebhookWorker } from '../webhooks/start-webhook-worker';
import { startEventJobs } from './event-jobs';
import type { Runtime } from './types';

export type BackgroundWork = { stop(): Promise<void> };

/** The sealer and the event jobs: started before the runtime is assembled (they need only db, keys, logs). */
export function startSealerAndJobs(runtime: Pick<Runtime, 'db' | 'keyring' | 'logger' | 'config'>, background: boolean): BackgroundWork {
  const { config } = runtime;
  // AUDIT_SEALER=off: no background sealing here (benchmarks, or a dedicated sealer elsewhere).
  const sealer = config.AUDIT_SEALER ? startAuditSealer(runtime) : null;
  const eventJobs = config.WEBHOOK_WORKER && background ? startEventJobs(runtime) : null;
  return {
    async stop() {
      await sealer?.stop();
      await eventJobs?.stop();
    },
  };
}

/** The webhook worker, which needs the whole runtime (dispatcher, store). WEBHOOK_WORKER=off: another node sends them. */
export async function startWebhooks(runtime: Runtime, background: boolean): Promise<WebhookWorker | null> {
  return runtime.config.WEBHOOK_WORKER && background ? startWebhookWorker(runtime) : null;
}
