// Capacity (BENCH_ONLY=capacity): how many requests one vault core, one PostgreSQL core and one Redis core
// carry, for tokenize and proxy. On a shared machine a req/s figure says more about the neighbours than about
// the vault, so each round also reads the CPU time every party used (/proc/<pid>/stat): the vault process,
// the PostgreSQL backends serving the bench's own database (pg_stat_activity), and a private redis-server
// started for this section (so no other user's commands are counted). Requests ÷ CPU seconds is the rate one
// fully busy core sustains. Not counted: PostgreSQL's shared background processes (WAL writer, checkpointer,
// autovacuum), the stub PSP and the load generator. Medians of BENCH_ROUNDS rounds, with the spread.
import pg from 'pg';
import { load } from './load.mjs';
import { cpuSeconds, freePort, startChild, startProcess } from './processes.mjs';
import { figure } from './report.mjs';
import { scratchDatabase } from './scratch.mjs';
import { baseDatabaseUrl, card, CONNECTIONS, DURATION, ROUNDS, WARMUP } from './settings.mjs';
import { median } from './stats.mjs';
import { startVault } from './vault-server.mjs';

const PROXY_LOAD_CONNECTIONS = 16;

/** The PostgreSQL backends connected to `database` right now, with the CPU seconds each has used. */
async function backendCpu(admin, database) {
  const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
}

/** CPU seconds used since `before` by the backends alive now (one born meanwhile counts from zero). */
const backendDelta = (before, after) => [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

async function measureRound(title, options, parties) {
  const before = { vault: cpuSeconds(parties.vaultPid), redis: cpuSeconds(parties.redisPid), pg: await backendCpu(parties.admin, parties.database) };
  const run = await load(title, options);
  const after = { vault: cpuSeconds(parties.vaultPid), redis: cpuSeconds(parties.redisPid), pg: await backendCpu(parties.admin, parties.database) };
  const requests = run.requests;
  // Under two clock ticks of CPU the party was as good as idle: no rate can be read from that.
  const perCore = (seconds) => (seconds < 0.02 ? Infinity : requests / seconds);
  return {
    rps: run.rps,
    vault: perCore(after.vault - before.vault),
    pg: perCore(backendDelta(before.pg, after.pg)),
    redis: perCore(after.redis - before.redis),
  };
}

const count = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'idle');
const spread = (values) => `${count(median(values))} (${count(Math.min(...values))}–${count(Math.max(...values))})`;

/** A private Redis on a loopback port, without persistence: only the vault's commands use its CPU. */
async function startPrivateRedis() {
  const port = await freePort();
  const server = await startProcess('capacity-redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], process.env, 'Ready to accept connections');
  return { ...server, url: `redis://127.0.0.1:${port}` };
}

export async function benchCapacity(masterKey, certificate) {
  console.log(`\n## Capacity: requests per CPU-second of the vault, its PostgreSQL backends and a private Redis (${DURATION} s × ${ROUNDS} rounds)`);
  const redis = await startPrivateRedis();
  const databaseUrl = await scratchDatabase('capacity');
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  const pspPort = await freePort();
  const psp = await startChild('capacity-psp', ['scripts/bench/psp.mjs'], { ...process.env, PORT: String(pspPort), TLS_KEY: certificate.key, TLS_CERT: certificate.cert }, 'listening');
  const vault = await startVault('capacity', {
    DATABASE_URL: databaseUrl, REDIS_URL: redis.url, VAULT_MASTER_KEY: masterKey, PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: certificate.cert,
  });
  try {
    const { token } = await (await fetch(`${vault.url}/tokenize`, { method: 'POST', headers: vault.headers, body: card })).json();
    const proxyBody = JSON.stringify({
      token,
      proxy_url: `https://localhost:${pspPort}/v1/charges`,
      request_data: { amount: 1000, currency: 'usd', card: { number: '${cardNumber}', exp_month: '${expirationMonth}', exp_year: '${expirationYear}' } },
    });
    const workloads = [
      { name: 'tokenize', options: { url: `${vault.url}/tokenize`, method: 'POST', headers: vault.headers, body: card, connections: CONNECTIONS } },
      {
        name: 'tokenize + Idempotency-Key',
        options: { url: `${vault.url}/tokenize`, method: 'POST', headers: { ...vault.headers, 'idempotency-key': '[<id>]' }, idReplacement: true, body: card, connections: CONNECTIONS },
      },
      { name: 'proxy → local PSP', options: { url: `${vault.url}/proxy/transaction`, method: 'POST', headers: vault.headers, body: proxyBody, connections: PROXY_LOAD_CONNECTIONS } },
    ];
    const parties = { vaultPid: vault.pid, redisPid: redis.pid, admin, database };
    const results = [];
    for (const workload of workloads) {
      await load(`warm-up: ${workload.name}`, { ...workload.options, duration: WARMUP, quiet: true });
      const runs = [];
      for (let round = 1; round <= ROUNDS; round++) runs.push(await measureRound(`capacity — ${workload.name} [${round}/${ROUNDS}]`, { ...workload.options, duration: DURATION }, parties));
      results.push({ name: workload.name, runs });
    }
    console.log('\nreq/s: median (min–max) over the rounds; "per core" = requests ÷ CPU seconds that party used');
    for (const { name, runs } of results) {
      const column = (key) => spread(runs.map((run) => run[key]));
      console.log(`${name.padEnd(28)} observed ${column('rps')}   per vault core ${column('vault')}   per PostgreSQL core ${column('pg')}   per Redis core ${column('redis')}`);
    }
    return results.flatMap(({ name, runs }) => [
      figure(`capacity: ${name}, req/s per vault core`, spread(runs.map((run) => run.vault)), '—', '—', null),
      figure(`capacity: ${name}, req/s per PostgreSQL core`, spread(runs.map((run) => run.pg)), '—', '—', null),
      figure(`capacity: ${name}, req/s per Redis core`, spread(runs.map((run) => run.redis)), '—', '—', null),
    ]);
  } finally {
    await vault.stop();
    await psp.stop();
    await redis.stop();
    await admin.end();
  }
}
