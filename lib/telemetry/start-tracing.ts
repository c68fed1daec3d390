// OpenTelemetry tracing, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/server/entry.ts imports
// this file dynamically, before anything it instruments is loaded): incoming HTTP (both doors), outgoing
// undici calls (PSPs, webhooks), PostgreSQL queries and Redis commands, exported as OTLP/HTTP JSON.
// Spans never carry payloads: no bodies or headers are recorded, SQL is the statement text without its
// values, Redis is the command name only, and ScrubbingExporter strips query strings before export.
import { createRequire } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ScrubbingExporter } from './scrub-spans';
import { setTracingShutdown } from './tracing-shutdown';

/**
 * The instrumentations patch CommonJS modules as they are first required. The server bundle is ESM and
 * imports them (external packages, resolved from node_modules: the bundle must never inline them), so
 * they are required here once, patched, and every later `import` gets the same patched module objects.
 */
const INSTRUMENTED_MODULES = ['http', 'https', 'pg', 'ioredis'];

export function startTracing(options: { endpoint: string; serviceName: string }): void {
  const exporter = new ScrubbingExporter(new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }));
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [new BatchSpanProcessor(exporter)],
    instrumentations: [
      new HttpInstrumentation({
        // Outgoing traffic goes through undici; node:http clients here are the exporter's own.
        disableOutgoingRequestInstrumentation: true,
      }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ enhancedDatabaseReporting: false, addSqlCommenterCommentToQueries: false }),
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  const require = createRequire(import.meta.url);
  for (const name of INSTRUMENTED_MODULES) require(name);
  setTracingShutdown(() => sdk.shutdown());
}
