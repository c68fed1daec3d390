// Starts the production server bundle (dist/server.mjs) with an application made by the CLI first (the
// CLI must run before the server: PGlite is single-process). `env` entries set to undefined are removed,
// so the embedded default (no DATABASE_URL / REDIS_URL) is one call away.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, runCli, startChild } from './processes.mjs';
import { root, workDir } from './settings.mjs';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

export const withNext = existsSync(join(root, '.next', 'BUILD_ID'));

const newestSource = (dir) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .reduce((newest, entry) => Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);

/**
 * The dashboard pages run from the Next build (`.next`), the API from dist/ (rebuilt by the bench): a build
 * older than the sources would measure old code on the pages. Said at the start of the run.
 */
export function staleNextNote() {
  if (!withNext) return '';
  const built = statSync(join(root, '.next', 'BUILD_ID')).mtimeMs;
  const changed = Math.max(...['lib', 'app', 'components'].map(newestSource));
  return changed > built ? 'The Next build (.next) is older than lib/, app/ or components/: run `npm run build` first, or the dashboard figures measure old code.' : '';
}

/** The server's (and CLI's) environment; each name gets its own data folder (PostgreSQL mode: mail outbox). */
export function vaultEnv(name, overrides) {
  const env = {
    ...process.env,
    VAULT_DATA_DIR: join(workDir, `data-${name}`),
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    VAULT_API_ONLY: withNext ? '0' : '1',
    ...overrides,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/**
 * Returns { url, pid, headers (API key), projectId, metricsUrl, stop() }; `nodeArgs` go to node before the bundle. `metricsUrl` is the server's own METRICS_PORT
 * listener: load runs read its event-loop delay p99 there (load.mjs).
 */
export async function startVault(name, overrides, { nodeArgs = [] } = {}) {
  const metricsPort = await freePort();
  const port = await freePort();
  // The public URL is the one the bench calls (the checkout origin too: Elements and checkout pages check it).
  const env = vaultEnv(name, { METRICS_PORT: String(metricsPort), APP_URL: `http://127.0.0.1:${port}`, ...overrides });
  const created = JSON.parse(runCli(['app', 'create', '--name', `Benchmark ${name}`, '--json'], env).stdout);
  // BENCH_CPU_PROF=DIR: each vault server writes a V8 CPU profile there when it stops (--cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // The flags `npm start` runs the server with, so the bench measures the product as users run it.
  const server = await startChild(name, [...SERVER_NODE_FLAGS, ...profile, ...nodeArgs, 'dist/server.mjs'], { ...env, PORT: String(port) }, 'vault listening');
  return {
    ...server,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    headers: { 'content-type': 'application/json', 'x-api-key': created.api_key },
    /** The project of the CLI-made application (test environment). */
    projectId: created.project_id,
  };
}
