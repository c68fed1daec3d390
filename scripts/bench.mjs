#!/usr/bin/env node
// `npm run bench`: the vault against a same-run baseline, on PostgreSQL + Redis (DATABASE_URL /
// REDIS_URL, default: this machine's). Everything runs on loopback. Reports req/s, p50, p99 and, last,
// the ratios the targets are stated in:
//   tokenize: app req/s ≥ 0.5 × baseline req/s, app p99 ≤ 50 ms   (autocannon, 50 connections, 10 s)
//   proxy:    app p50 ≤ direct p50 + 2 ms
// The proxy is loaded with autocannon too (50 connections, 10 s, vault and direct call), but with 50
// connections in flight p50 is mostly queueing (connections ÷ throughput: the stub PSP does no work, so
// that comparison measures the vault's throughput, not the latency it adds). The added latency is
// therefore also measured the way a payment sees it: one call at a time, timed in microseconds.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const PROBE_CALLS = Number(process.env.BENCH_PROBE_CALLS ?? 2000);
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children = [];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startChild(name, args, env, readyText) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output}`)));
  });
  return child;
}

/** Sequential calls, each timed with hrtime: latency without queueing. Returns p50/p99 in ms. */
async function probe(title, url, init, tls) {
  const { request } = await import('undici');
  const { Agent } = await import('undici');
  const dispatcher = new Agent({ connect: tls ? { rejectUnauthorized: false } : undefined, pipelining: 1, connections: 1 });
  const samples = [];
  for (let i = 0; i < PROBE_CALLS; i++) {
    const start = process.hrtime.bigint();
    const response = await request(url, { ...init, dispatcher });
    await response.body.arrayBuffer();
    if (response.statusCode >= 300) throw new Error(`${title}: status ${response.statusCode}`);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await dispatcher.close();
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  const summary = { title, p50: at(0.5), p99: at(0.99) };
  console.log(`${title.padEnd(42)} ${String(PROBE_CALLS).padStart(7)} calls   p50 ${summary.p50.toFixed(2)} ms   p99 ${summary.p99.toFixed(2)} ms`);
  return summary;
}

function load(title, options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors + result.timeouts;
      const summary = { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, bad };
      console.log(`${title.padEnd(42)} ${summary.rps.toFixed(0).padStart(7)} req/s   p50 ${String(summary.p50).padStart(4)} ms   p99 ${String(summary.p99).padStart(4)} ms   ${bad ? `(${bad} failed)` : ''}`);
      resolve(summary);
    });
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'vault-bench-'));
  const database = `vault_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = Object.assign(new URL(baseDatabaseUrl), { pathname: `/${database}` }).toString();
  try {
    // Always rebuilt (esbuild, a second or two): a stale dist/server.mjs would measure old code.
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });

    const withNext = existsSync(join(root, '.next', 'BUILD_ID'));
    const [appPort, basePort, pspPort] = [await freePort(), await freePort(), await freePort()];
    const vaultEnv = {
      NODE_ENV: 'production', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, VAULT_MASTER_KEY: randomBytes(32).toString('base64'),
      VAULT_DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info', PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem'),
      VAULT_API_ONLY: withNext ? '0' : '1', HOST: '127.0.0.1',
    };
    const created = JSON.parse(execFileSync(process.execPath, ['bin/vault.mjs', 'app', 'create', '--name', 'Benchmark', '--json'], { cwd: root, env: { ...process.env, ...vaultEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    await startChild('vault', ['dist/server.mjs'], { ...vaultEnv, PORT: String(appPort) }, 'vault listening');
    await startChild('baseline', ['scripts/bench/baseline.mjs'], { DATABASE_URL: databaseUrl, PORT: String(basePort) }, 'listening');
    await startChild('psp', ['scripts/bench/psp.mjs'], { PORT: String(pspPort), TLS_KEY: join(dir, 'key.pem'), TLS_CERT: join(dir, 'cert.pem') }, 'listening');
    console.log(`vault: production server (${withNext ? 'with Next' : 'API only: no Next build found'}), PostgreSQL + Redis; ${CONNECTIONS} connections, ${DURATION} s per run\n`);

    const card = JSON.stringify({ type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });
    const headers = { 'content-type': 'application/json', 'x-api-key': created.api_key };
    const tokenResponse = await fetch(`http://127.0.0.1:${appPort}/tokenize`, { method: 'POST', headers, body: card });
    const { token } = await tokenResponse.json();
    const proxyBody = JSON.stringify({
      token,
      proxy_url: `https://localhost:${pspPort}/v1/charges`,
      request_data: { amount: 1000, currency: 'usd', card: { number: '${cardNumber}', exp_month: '${expirationMonth}', exp_year: '${expirationYear}' } },
    });

    // Warm-up: JIT, connection pools, keep-alive sockets.
    await load('warm-up', { url: `http://127.0.0.1:${appPort}/tokenize`, method: 'POST', headers, body: card, duration: 3 });
    await load('warm-up', { url: `http://127.0.0.1:${appPort}/proxy/transaction`, method: 'POST', headers, body: proxyBody, duration: 3 });
    console.log('');

    const baseline = await load('tokenize — baseline (node:http + pg)', { url: `http://127.0.0.1:${basePort}/`, method: 'POST', body: card, headers: { 'content-type': 'application/json' } });
    const tokenize = await load('tokenize — vault', { url: `http://127.0.0.1:${appPort}/tokenize`, method: 'POST', headers, body: card });
    const pspBody = '{"amount":1000,"card":{"number":"4242424242424242","exp_month":"12","exp_year":"2030"}}';
    const direct = await load('proxy — direct call to the PSP', { url: `https://localhost:${pspPort}/v1/charges`, method: 'POST', body: pspBody, headers: { 'content-type': 'application/json' } });
    const proxy = await load('proxy — vault → PSP', { url: `http://127.0.0.1:${appPort}/proxy/transaction`, method: 'POST', headers, body: proxyBody });
    console.log('');
    const directProbe = await probe('proxy — direct call, one at a time', `https://localhost:${pspPort}/v1/charges`, { method: 'POST', body: pspBody, headers: { 'content-type': 'application/json' } }, true);
    const proxyProbe = await probe('proxy — vault → PSP, one at a time', `http://127.0.0.1:${appPort}/proxy/transaction`, { method: 'POST', headers, body: proxyBody });

    const ratio = tokenize.rps / baseline.rps;
    const added = proxyProbe.p50 - directProbe.p50;
    console.log('\nRatios (same run):');
    console.log(`  tokenize req/s vault ÷ baseline           = ${ratio.toFixed(2)}     (target ≥ 0.50)  ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
    console.log(`  tokenize p99 vault                        = ${tokenize.p99} ms    (target ≤ 50 ms) ${tokenize.p99 <= 50 ? 'met' : 'NOT met'}`);
    console.log(`  proxy p50 added over direct, one at a time = ${added.toFixed(2)} ms  (target ≤ 2 ms)  ${added <= 2 ? 'met' : 'NOT met'}`);
    console.log(`  proxy p50 added over direct, 50 connections = ${proxy.p50 - direct.p50} ms (queueing: vault ${proxy.rps.toFixed(0)} req/s vs stub PSP ${direct.rps.toFixed(0)} req/s)`);
    console.log(`  proxy req/s vault ÷ tokenize baseline req/s = ${(proxy.rps / baseline.rps).toFixed(2)}`);
    const failures = [baseline, tokenize, direct, proxy].reduce((sum, run) => sum + run.bad, 0);
    if (failures) console.log(`\n${failures} requests failed during the runs: the figures above are not trustworthy.`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    for (const child of children) child.kill('SIGKILL');
    console.error(error);
    process.exit(1);
  },
);
