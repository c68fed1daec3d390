// The latency the proxy adds: the vault's /proxy/transaction against a direct call to the same local HTTPS
// PSP (psp.mjs), 4 connections each, interleaved rounds; the figure is the difference of median p50s.
// The one-at-a-time probe is kept as a second view (no queueing at all). autocannon itself never checks
// the PSP's certificate (its TLS client hard-codes that); with keep-alive the handshake is once per
// connection either way, while the vault does verify it (NODE_EXTRA_CA_CERTS).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { load, rounds } from './load.mjs';
import { freePort, startChild } from './processes.mjs';
import { figure } from './report.mjs';
import { card, PROBE_CALLS, PROXY_CONNECTIONS, WARMUP } from './settings.mjs';
import { loopNote, percentile } from './stats.mjs';

/** A throw-away certificate for the stub PSP; the vault trusts it through NODE_EXTRA_CA_CERTS. */
export function makeCertificate(dir) {
  const paths = { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem') };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', paths.key, '-out', paths.cert], { stdio: 'ignore' });
  return paths;
}

/** Sequential calls, each timed with hrtime: latency without queueing. */
async function probe(title, url, init) {
  const dispatcher = new Agent({ connect: { rejectUnauthorized: false }, pipelining: 1, connections: 1 });
  const samples = [];
  for (let i = 0; i < PROBE_CALLS; i++) {
    const start = process.hrtime.bigint();
    const response = await request(url, { ...init, dispatcher });
    await response.body.arrayBuffer();
    if (response.statusCode >= 300) throw new Error(`${title}: status ${response.statusCode}`);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await dispatcher.close();
  const p50 = percentile(samples, 0.5);
  console.log(`${title.padEnd(52)} ${String(PROBE_CALLS).padStart(6)} calls   p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${percentile(samples, 0.99).toFixed(2).padStart(7)} ms`);
  return p50;
}

export async function benchProxy(vault, certificate) {
  console.log(`\n## Proxy: vault → local HTTPS PSP vs a direct call, ${PROXY_CONNECTIONS} connections`);
  const port = await freePort();
  const psp = await startChild('psp', ['scripts/bench/psp.mjs'], { ...process.env, PORT: String(port), TLS_KEY: certificate.key, TLS_CERT: certificate.cert }, 'listening');
  try {
    const tokenized = await fetch(`${vault.url}/tokenize`, { method: 'POST', headers: vault.headers, body: card });
    const { token } = await tokenized.json();
    const pspUrl = `https://localhost:${port}/v1/charges`;
    const proxyBody = JSON.stringify({
      token,
      proxy_url: pspUrl,
      request_data: { amount: 1000, currency: 'usd', card: { number: '${cardNumber}', exp_month: '${expirationMonth}', exp_year: '${expirationYear}' } },
    });
    const pspBody = '{"amount":1000,"currency":"usd","card":{"number":"4242424242424242","exp_month":"12","exp_year":"2030"}}';
    const direct = { url: pspUrl, method: 'POST', body: pspBody, headers: { 'content-type': 'application/json' }, connections: PROXY_CONNECTIONS };
    const viaVault = { url: `${vault.url}/proxy/transaction`, method: 'POST', headers: vault.headers, body: proxyBody, connections: PROXY_CONNECTIONS, server: vault };
    await load('warm-up: direct', { ...direct, duration: WARMUP });
    await load('warm-up: vault', { ...viaVault, duration: WARMUP });
    const [directRun, vaultRun] = await rounds([
      { title: 'proxy — direct call to the PSP', options: direct },
      { title: 'proxy — vault → PSP', options: viaVault },
    ]);
    const directProbe = await probe('proxy — direct call, one at a time', pspUrl, { method: 'POST', body: pspBody, headers: { 'content-type': 'application/json' } });
    const vaultProbe = await probe('proxy — vault → PSP, one at a time', `${vault.url}/proxy/transaction`, { method: 'POST', headers: vault.headers, body: proxyBody });
    const added = vaultRun.p50 - directRun.p50;
    return [
      figure(`proxy p50 added over direct, ${PROXY_CONNECTIONS} connections`, `${added.toFixed(2)} ms (${vaultRun.p50.toFixed(2)} − ${directRun.p50.toFixed(2)})${loopNote(vaultRun)}`, '≤ 1.0 ms', '≤ 0.5 ms', added <= 1.0, added <= 0.5, [{ value: added, floor: 1.0 }]),
      figure('proxy p50 added, one call at a time', `${(vaultProbe - directProbe).toFixed(2)} ms`, '—', '—', null),
    ];
  } finally {
    await psp.stop();
  }
}
