// The embedded default: no DATABASE_URL, no REDIS_URL (PGlite + the in-process store) in a fresh data
// folder (vaultEnv), its master key generated there, as `npx vault` starts out of the box. Tokenize at 1,
// 10 and 50 connections; the floor (issue 23) is on 50.
import { load, rounds } from './load.mjs';
import { figure } from './report.mjs';
import { card, CONNECTIONS, WARMUP } from './settings.mjs';
import { loopNote, rate } from './stats.mjs';
import { startVault } from './vault-server.mjs';

const LEVELS = [1, 10, CONNECTIONS];

export async function benchEmbedded() {
  console.log(`\n## Embedded default (PGlite + in-process store): tokenize, ${LEVELS.join(' / ')} connections`);
  const server = await startVault('embedded', { DATABASE_URL: undefined, REDIS_URL: undefined, VAULT_MASTER_KEY: undefined });
  try {
    const options = { url: `${server.url}/tokenize`, method: 'POST', headers: server.headers, body: card, server };
    await load('warm-up: embedded', { ...options, duration: WARMUP });
    const runs = await rounds(LEVELS.map((connections) => ({ title: `tokenize — embedded, ${connections} conn.`, options: { ...options, connections } })));
    return runs.map((run, index) => {
      const connections = LEVELS[index];
      const measured = `${rate(run.rps)}, p99 ${run.p99.toFixed(1)} ms${loopNote(run)}`;
      if (connections !== CONNECTIONS) return figure(`embedded tokenize, ${connections} connection${connections === 1 ? '' : 's'}`, measured, '—', '—', null);
      return figure(`embedded tokenize, ${connections} connections`, measured, '≥ 2,000 req/s, p99 ≤ 50 ms', '—', run.rps >= 2000 && run.p99 <= 50, false, [
        { value: run.rps, floor: 2000, higher: true },
        { value: run.p99, floor: 50 },
      ]);
    });
  } finally {
    await server.stop();
  }
}
