// The Prometheus text exposition of the process's registry, as served by GET /metrics on either listener.
// Every metric module, so each metric is listed (at 0) from the first scrape, whatever has run yet.
import './auth-metrics';
import './cvc-metrics';
import './dependency-metrics';
import './http-metrics';
import './idempotency-metrics';
import './psp-metrics';
import './webhook-metrics';
import { metricsRegistry } from './registry';

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const registry = metricsRegistry();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
