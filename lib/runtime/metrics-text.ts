// The Prometheus text exposition of the process's registry, as served by GET /metrics on either listener.
// Every metric module, so each metric is listed (at 0) from the first scrape, whatever has run yet.
import '../metrics/auth-metrics';
import '../metrics/cvc-metrics';
import './dependency-metrics';
import '../metrics/http-metrics';
import '../metrics/idempotency-metrics';
import '../metrics/psp-metrics';
import '../metrics/webhook-metrics';
import { metricsRegistry } from '../metrics/registry';

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const registry = metricsRegistry();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
