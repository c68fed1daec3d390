// The server bundle's entry (dist/server.mjs): OpenTelemetry first when OTEL_EXPORTER_OTLP_ENDPOINT is
// set, then the server (main.ts). Both are dynamic imports, built as separate chunks (scripts/
// build-server.mjs splits them): tracing must start before pg, ioredis and node:http are loaded, which a
// static import of main.ts would do first. With tracing off, no OpenTelemetry code is loaded at all.
import { getConfig } from '../config';

let tracing: { endpoint: string; serviceName: string } | undefined;
try {
  const config = getConfig();
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) tracing = { endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME };
} catch {
  // An invalid configuration is reported by main.ts, naming the variables.
}
if (tracing) (await import('../telemetry/start-tracing')).startTracing(tracing);
await import('./main');
