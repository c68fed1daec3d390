// A serving node's background work: the audit sealer (AUDIT_SEALER), the event jobs, the imports' job and the webhook worker
// (WEBHOOK_WORKER; the CLI's one-shot commands pass background: false). `stop()` stops them in order.
import { startAuditSealer } from '../audit/audit-sealer';
import { startImportJob } from '../imports/import-job';
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

/**
 * The webhook worker and the imports' job (issue 26: uploaded imports, lib/imports/import-job.ts), which
 * need the whole runtime (dispatcher, store, events). WEBHOOK_WORKER=off: another node does this work.
 */
export async function startWebhooks(runtime: Runtime, background: boolean): Promise<WebhookWorker | null> {
  if (!runtime.config.WEBHOOK_WORKER || !background) return null;
  const webhooks = await startWebhookWorker(runtime);
  const imports = startImportJob(runtime);
  return {
    wake: () => webhooks.wake(),
    async stop() {
      await imports.stop();
      await webhooks.stop();
    },
  };
}
