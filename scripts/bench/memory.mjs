// Memory: a fresh server (PostgreSQL + Redis) gets 10 thousand tokenize requests, then more up to 200
// thousand; its RSS (VmRSS) after each. Every request carries its own Idempotency-Key, so the idempotency
// path runs for each (its records are in Redis, under this run's prefix, deleted at the end); the API-key
// cache is hit on every request. BENCH_QUICK=1 stops at 10 thousand.
import { load } from './load.mjs';
import { rssMiB } from './processes.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { card, CONNECTIONS, QUICK, redisUrl } from './settings.mjs';
import { startVault } from './vault-server.mjs';

const FIRST = 10_000;
const TOTAL = 200_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

export async function benchMemory(masterKey) {
  console.log(`\n## Memory: server RSS after ${FIRST.toLocaleString('en-US')} and ${TOTAL.toLocaleString('en-US')} tokenize requests${QUICK ? ' (BENCH_QUICK=1: the second part is skipped)' : ''}`);
  const server = await startVault('memory', { DATABASE_URL: await scratchDatabase('memory'), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('memory'), VAULT_MASTER_KEY: masterKey });
  try {
    // idReplacement: autocannon writes a fresh id in place of [<id>] in every request.
    const options = { url: `${server.url}/tokenize`, method: 'POST', body: card, headers: { ...server.headers, 'idempotency-key': 'bench-[<id>]' }, idReplacement: true, connections: CONNECTIONS, keepLatencies: false };
    await load(`tokenize × ${FIRST.toLocaleString('en-US')}`, { ...options, amount: FIRST });
    await settle();
    const first = rssMiB(server.pid);
    console.log(`RSS after ${FIRST.toLocaleString('en-US')}: ${first.toFixed(1)} MiB`);
    if (QUICK) return [figure('RSS after 200k ÷ after 10k tokenize', `skipped (BENCH_QUICK); after 10k: ${first.toFixed(1)} MiB`, '≤ 1.5', '—', null)];
    await load(`tokenize × ${(TOTAL - FIRST).toLocaleString('en-US')} more`, { ...options, amount: TOTAL - FIRST });
    await settle();
    const last = rssMiB(server.pid);
    const ratio = last / first;
    console.log(`RSS after ${TOTAL.toLocaleString('en-US')}: ${last.toFixed(1)} MiB (× ${ratio.toFixed(2)})`);
    return [figure('RSS after 200k ÷ after 10k tokenize', `${ratio.toFixed(2)} (${last.toFixed(1)} ÷ ${first.toFixed(1)} MiB)`, '≤ 1.5', '—', ratio <= 1.5)];
  } finally {
    await server.stop();
  }
}
