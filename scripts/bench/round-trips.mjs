// Round trips per request to PostgreSQL and Redis, counted inside a vault server (round-trips-preload.mjs)
// over CALLS requests sent one at a time (no group commit shares a statement): tokenize, tokenize with a
// CVV, detokenize and proxy. Background work in the same seconds (the audit sealer's pass, workers' polls)
// falls into the counts too, spread over the calls: a fraction above a whole number is that.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startChild } from './processes.mjs';
import { figure } from './report.mjs';
import { card, redisUrl, workDir } from './settings.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { startVault } from './vault-server.mjs';

const CALLS = 300;
const countsFile = join(workDir, 'round-trips.json');

async function counts(pid) {
  rmSync(countsFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; !existsSync(countsFile); waited += 20) {
    if (waited > 5_000) throw new Error('the vault server did not write its round-trip counts');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 20)); // the write is one call; let it finish
  return JSON.parse(readFileSync(countsFile, 'utf8'));
}

/** `send(call)` CALLS times, counted; `prepare(call)` (not counted) first makes what each call uses. */
async function perRequest(vault, title, send, prepare = async () => undefined) {
  const prepared = [];
  for (let call = 0; call <= CALLS; call++) prepared.push(await prepare(call));
  await send(prepared[CALLS]); // warm: caches (API key, data key) filled, statements prepared
  const before = await counts(vault.pid);
  for (let call = 0; call < CALLS; call++) await send(prepared[call]);
  const after = await counts(vault.pid);
  const postgresql = (after.postgresql - before.postgresql) / CALLS;
  const redis = (after.redis - before.redis) / CALLS;
  console.log(`${title.padEnd(52)} PostgreSQL ${postgresql.toFixed(2).padStart(5)}   Redis ${redis.toFixed(2).padStart(5)}   (round trips per request, ${CALLS} one at a time)`);
  return figure(`round trips per ${title}`, `PostgreSQL ${postgresql.toFixed(2)}, Redis ${redis.toFixed(2)}`, '—', '—', null);
}

export async function benchRoundTrips(masterKey, certificate) {
  console.log('\n## Round trips per request (PostgreSQL + Redis)');
  const vault = await startVault(
    'round-trips',
    {
      DATABASE_URL: await scratchDatabase('roundtrips'), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('roundtrips'), VAULT_MASTER_KEY: masterKey,
      PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: certificate.cert, BENCH_ROUND_TRIPS_FILE: countsFile,
    },
    { nodeArgs: ['--import', './scripts/bench/round-trips-preload.mjs'] },
  );
  const pspPort = await freePort();
  const psp = await startChild('psp-round-trips', ['scripts/bench/psp.mjs'], { ...process.env, PORT: String(pspPort), TLS_KEY: certificate.key, TLS_CERT: certificate.cert }, 'listening');
  try {
    const post = async (path, body, expected) => {
      const response = await fetch(`${vault.url}${path}`, { method: 'POST', headers: vault.headers, body: JSON.stringify(body) });
      const answer = await response.json();
      if (response.status !== expected) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const plain = JSON.parse(card);
    const withCvv = { ...plain, data: { ...plain.data, cvv: '123' } };
    const { token } = await post('/tokenize', plain, 201);
    const proxyBody = (proxyToken, cvcSession) => ({
      token: proxyToken,
      ...(cvcSession ? { cvc_session_id: cvcSession } : {}),
      proxy_url: `https://localhost:${pspPort}/v1/charges`,
      request_data: { amount: 1000, currency: 'usd', card: { number: '${cardNumber}', exp_month: '${expirationMonth}', exp_year: '${expirationYear}', ...(cvcSession ? { cvc: '${cvv}' } : {}) } },
    });
    return [
      await perRequest(vault, 'tokenize', () => post('/tokenize', plain, 201)),
      await perRequest(vault, 'tokenize with CVV', () => post('/tokenize', withCvv, 201)),
      await perRequest(vault, 'detokenize', () => post('/detokenize', { token }, 200)),
      await perRequest(vault, 'proxy', () => post('/proxy/transaction', proxyBody(token), 200)),
      // Each call takes its token's CVC session (one use), so every call gets a token of its own, made first.
      await perRequest(vault, 'proxy with CVV', ({ token: cvvToken, cvc_session_id: session }) => post('/proxy/transaction', proxyBody(cvvToken, session), 200), () => post('/tokenize', withCvv, 201)),
    ];
  } finally {
    await psp.stop();
    await vault.stop();
  }
}
