// The embedded default: no DATABASE_URL, no REDIS_URL (PGlite + the in-process store) in a fresh data
// folder (vaultEnv), its master key generated there, as `npx vault` starts out of the box.
import { load, rounds } from './load.mjs';
import { figure } from './report.mjs';
import { card, CONNECTIONS, WARMUP } from './settings.mjs';
import { rate } from './stats.mjs';
import { startVault } from './vault-server.mjs';

export async function benchEmbedded() {
  console.log(`\n## Embedded default (PGlite + in-process store): tokenize, ${CONNECTIONS} connections`);
  const server = await startVault('embedded', { DATABASE_URL: undefined, REDIS_URL: undefined, VAULT_MASTER_KEY: undefined });
  try {
    const options = { url: `${server.url}/tokenize`, method: 'POST', headers: server.headers, body: card };
    await load('warm-up: embedded', { ...options, duration: WARMUP });
    const [run] = await rounds([{ title: 'tokenize — embedded', options }]);
    return [
      figure(`embedded tokenize, ${CONNECTIONS} connections`, `${rate(run.rps)}, p99 ${run.p99.toFixed(1)} ms`, '≥ 1,000 req/s, p99 ≤ 100 ms', '≥ 2,000 req/s', run.rps >= 1000 && run.p99 <= 100, run.rps >= 2000),
    ];
  } finally {
    await server.stop();
  }
}
