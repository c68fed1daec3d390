// `npm start` / `node dist/server.mjs`: validate config, migrate, bootstrap, load Next (unless
// VAULT_API_ONLY), listen on PORT; on SIGTERM/SIGINT stop accepting, finish in-flight requests,
// close pools and exit 0. In production, an embedded vault whose master key is the file beside its
// database is warned about loudly at start (stderr and the log).
import { routes } from '../api/routes';
import { bootstrapBanner, bootstrapIfEmpty } from '../accounts/bootstrap';
import { checkoutPageHeadersHook } from './checkout-page-headers';
import { ConfigError, getConfig } from '../config';
import { masterKeyWarning } from '../crypto/master-key';
import { createLogger, type Logger } from '../logger';
import { startMetricsListener } from '../runtime/start-metrics-listener';
import { projectRoot } from '../paths';
import { createRuntime } from '../runtime/create-runtime';
import { setRuntime } from '../runtime/shared';
import { setSpanRouteTemplates } from '../telemetry/route-templates';
import { stopTracing } from '../telemetry/tracing-shutdown';
import { createVaultServer, type NextRequestHandler } from './create-server';

const SHUTDOWN_GRACE_MS = 25_000;

async function loadNext(options: { port: number }): Promise<NextRequestHandler> {
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: projectRoot, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  return (req, res) => handle(req, res);
}

/**
 * The last line of defence (every pool, client and dispatcher has its own 'error' listener): an error that
 * still escapes is logged and the server keeps answering, as it does with Next loaded, which installs the
 * same handlers itself. Without them an API-only server exited on the first stray socket error. Logged:
 * name, code and stack frames; the message only for system errors (`read ECONNRESET`), since another
 * message may quote input (a JSON parser's excerpt).
 */
function installProcessErrorHandlers(logger: Logger): void {
  const describe = (error: unknown) => {
    const { name, code, message, stack } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown; stack?: unknown };
    const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => line.startsWith('    at ')).join('\n') : undefined;
    return { name, code, frames, ...(typeof code === 'string' && typeof message === 'string' ? { message } : {}) };
  };
  process.on('uncaughtException', (error) => logger.error({ err: describe(error) }, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => logger.error({ err: describe(reason) }, 'unhandled promise rejection'));
}

async function main(): Promise<void> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL });
  // Spans name a request by its route template, never by the ids in its path.
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) setSpanRouteTemplates(routes.map((route) => route.definition.path));
  if (config.VAULT_API_ONLY) installProcessErrorHandlers(logger);
  const runtime = await createRuntime({ config, logger });
  setRuntime(runtime);
  // METRICS_PORT: /metrics alone on a listener of its own. Opened before the first start's owner banner, so
  // a port in use stops the start before one-time credentials are printed (the next start prints them).
  const metricsServer = config.METRICS_PORT ? await startMetricsListener({ port: config.METRICS_PORT, host: config.HOST, logger }) : undefined;
  // Loud on purpose: on stderr whatever LOG_LEVEL says, and in the logs.
  const keyWarning = masterKeyWarning(config);
  if (keyWarning) {
    const rule = '!'.repeat(100);
    process.stderr.write(`\n${rule}\n${keyWarning}\n${rule}\n\n`);
    logger.warn({ masterKey: 'file', dataDir: config.VAULT_DATA_DIR }, keyWarning.split('\n')[0]!);
  }
  const bootstrapped = await bootstrapIfEmpty(runtime);
  if (bootstrapped) process.stdout.write(bootstrapBanner(bootstrapped, config.APP_URL));

  const next = config.VAULT_API_ONLY ? undefined : await loadNext({ port: config.PORT });
  const beforeNext = next ? checkoutPageHeadersHook(runtime) : undefined;
  const { server, drain } = createVaultServer({ logger, trustProxy: config.TRUST_PROXY, next, beforeNext, appUrl: config.APP_URL });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  logger.info(
    { port: config.PORT, metricsPort: config.METRICS_PORT, database: runtime.db.kind, store: runtime.store.kind, apiOnly: config.VAULT_API_ONLY },
    `vault listening on ${config.APP_URL}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    await drain(SHUTDOWN_GRACE_MS);
    metricsServer?.closeAllConnections();
    metricsServer?.close();
    await runtime.close();
    await stopTracing();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`vault failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
