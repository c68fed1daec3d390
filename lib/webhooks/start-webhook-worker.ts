// The delivery worker every server process runs (WEBHOOK_WORKER, default on). It claims due deliveries
// from the database queue (./claim-deliveries.ts: SKIP LOCKED, so any number of processes share it and
// each attempt is sent by one), sends up to WEBHOOK_CONCURRENCY at once and records each attempt. It wakes
// on the NOTIFY a committed event sends (any process's), and polls every WEBHOOK_POLL_INTERVAL_MS for
// retries falling due and for claims lapsed on a crashed process.
import { WEBHOOK_CHANNEL } from '../events/record-event';
import { claimDeliveries } from './claim-deliveries';
import { deliverClaimed, type DeliveryRuntime } from './deliver-claimed';
import { notifyEndpointDisabled } from './notify-endpoint-disabled';
import type { SigningSecretCache } from './signing-secrets';

const CLAIM_BATCH = 50;
/** A claim outlives the longest attempt (and its recording) well before another process may take it over. */
const leaseSeconds = (timeoutMs: number) => Math.ceil((2 * timeoutMs) / 1000) + 5;

export type WebhookWorker = { wake(): void; stop(): Promise<void> };

export async function startWebhookWorker(runtime: DeliveryRuntime & Parameters<typeof notifyEndpointDisabled>[0]): Promise<WebhookWorker> {
  const { config, logger } = runtime;
  const cache: SigningSecretCache = new Map();
  const sending = new Set<Promise<void>>();
  let polling: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const send = (claimed: Awaited<ReturnType<typeof claimDeliveries>>[number]) => {
    const delivery = deliverClaimed(runtime, cache, claimed)
      .then(async (result) => {
        if (result.recorded && result.disabled === 'failing') await notifyEndpointDisabled(runtime, claimed.endpoint_id);
      })
      .catch((error: unknown) => logger.error({ err: error, deliveryId: claimed.id }, 'webhook delivery failed; its claim lapses and it is retried'))
      .finally(() => {
        sending.delete(delivery);
        // A freed slot: more may be due.
        wake();
      });
    sending.add(delivery);
  };

  const poll = async () => {
    do {
      again = false;
      while (!stopped && sending.size < config.WEBHOOK_CONCURRENCY) {
        const room = Math.min(CLAIM_BATCH, config.WEBHOOK_CONCURRENCY - sending.size);
        const claimed = await claimDeliveries(runtime.db.sql, { limit: room, leaseSeconds: leaseSeconds(config.WEBHOOK_TIMEOUT_MS) });
        for (const row of claimed) send(row);
        if (claimed.length < room) break;
      }
    } while (again && !stopped);
  };

  function wake() {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = poll()
      .catch((error: unknown) => logger.warn({ err: error }, 'claiming webhook deliveries failed; retrying'))
      .finally(() => (polling = undefined));
  }

  const timer = setInterval(wake, config.WEBHOOK_POLL_INTERVAL_MS);
  timer.unref();
  const unlisten = await runtime.db.listen(WEBHOOK_CHANNEL, wake).catch((error: unknown) => {
    logger.warn({ err: error }, 'listening for webhook events failed; polling only');
    return async () => {};
  });
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await polling;
      // Attempts in flight finish and are recorded (each bounded by WEBHOOK_TIMEOUT_MS).
      await Promise.allSettled([...sending]);
    },
  };
}
