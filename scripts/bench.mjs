#!/usr/bin/env node
// `npm run bench`: every figure of issue 11's performance table, each against its floor, with baselines
// measured in the same run. PostgreSQL + Redis (DATABASE_URL / REDIS_URL, default: this machine's) and
// the embedded default; everything on loopback, in scratch databases dropped at the end. Rounds of wrk
// when installed, else autocannon (50 connections, BENCH_DURATION s, BENCH_ROUNDS rounds, medians), see
// scripts/bench/*.mjs.
//   BENCH_DURATION=10 BENCH_ROUNDS=3 BENCH_WARMUP=3 BENCH_PROBE_CALLS=2000 BENCH_AUDIT_ROWS=1000000 BENCH_SEARCH_TOKENS=1000000
//   BENCH_QUICK=1   a few minutes: 5 s × 1 round unless set, the memory run stops at 10 thousand requests,
//                   scale at 1 million tokens; exit 1 only when a figure is more than 25 % off its floor
//   BENCH_STRICT=1  exit 1 when a floor is missed (by default the bench is a report: exit 0)
//   BENCH_KEEP_SCRATCH=1  keep the scratch databases (their names are printed) to look at plans afterwards
//   BENCH_CPU_PROF=DIR  the vault servers write V8 CPU profiles (.cpuprofile) to DIR when they stop
//   BENCH_LOAD=autocannon  autocannon even where wrk is installed (wrk is the default when it is)
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { benchAudit } from './bench/audit.mjs';
import { benchWriterMac } from './bench/audit-writer-mac.mjs';
import { benchCapacity } from './bench/capacity.mjs';
import { benchDashboard } from './bench/dashboard.mjs';
import { benchEmbedded } from './bench/embedded.mjs';
import { failures, loadGeneratorNote } from './bench/load.mjs';
import { benchMemory } from './bench/memory.mjs';
import { killChildren, runCli } from './bench/processes.mjs';
import { benchProxy, makeCertificate } from './bench/proxy.mjs';
import { figure, printSummary } from './bench/report.mjs';
import { dropScratch, scratchDatabase, scratchRedisPrefix } from './bench/scratch.mjs';
import { benchRoundTrips } from './bench/round-trips.mjs';
import { benchScale } from './bench/scale.mjs';
import { benchSealer } from './bench/sealer.mjs';
import { AUDIT_ROWS, CONNECTIONS, DURATION, logDir, QUICK, redisUrl, ROUNDS, STRICT, workDir } from './bench/settings.mjs';
import { machine } from './bench/stats.mjs';
import { benchTokenize } from './bench/tokenize.mjs';
import { benchTokenLifecycle } from './bench/token-lifecycle.mjs';
import { benchElements } from './bench/elements.mjs';
import { benchWebhooks } from './bench/webhooks.mjs';
import { benchBulk } from './bench/bulk.mjs';
import { staleNextNote, startVault, withNext } from './bench/vault-server.mjs';

const masterKey = randomBytes(32).toString('base64');
let crashed = 0;

// BENCH_ONLY=tokenize,proxy,round-trips,writer-mac,capacity,embedded,sealer,memory,audit,dashboard,scale,webhooks,elements,tokens,bulk runs only those sections (while working on one figure).
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((name) => name.trim())) : null;
const wanted = (key) => !only || only.has(key);

/** Runs one section; a crash is reported as a failed figure and the other sections still run. */
async function section(name, keys, run) {
  if (![keys].flat().some(wanted)) return [];
  try {
    return await run();
  } catch (error) {
    crashed += 1;
    console.error(`\n${name} failed:`, error);
    return [figure(name, `error: ${String(error.message).split('\n')[0]}`, '', '', false)];
  }
}

async function main() {
  // Always rebuilt (esbuild, a second or two): a stale dist/ would measure old code. `help` once, so no
  // timed CLI call pays for a bundle check or build.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  runCli(['help'], process.env);
  console.log(`vault bench — ${machine()}`);
  console.log(`production server (${withNext ? 'with Next' : 'API only: no Next build found'}); ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds, medians; audit rows ${AUDIT_ROWS.toLocaleString('en-US')}${QUICK ? '; BENCH_QUICK' : ''}`);
  console.log(loadGeneratorNote());
  const stale = staleNextNote();
  if (stale) console.log(stale);

  const figures = [];
  const certificate = makeCertificate(workDir);
  figures.push(
    ...(await section('tokenize and proxy (PostgreSQL + Redis)', ['tokenize', 'proxy'], async () => {
      const vault = await startVault('vault', {
        DATABASE_URL: await scratchDatabase('main'), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('main'), VAULT_MASTER_KEY: masterKey,
        PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: certificate.cert,
      });
      try {
        return [...(wanted('tokenize') ? await benchTokenize(vault) : []), ...(wanted('proxy') ? await benchProxy(vault, certificate) : [])];
      } finally {
        await vault.stop();
      }
    })),
  );
  figures.push(...(await section('round trips per request', 'round-trips', () => benchRoundTrips(masterKey, certificate))));
  figures.push(...(await section('audit writer MAC', 'writer-mac', async () => benchWriterMac())));
  figures.push(...(await section('capacity (requests per core)', 'capacity', () => benchCapacity(masterKey, certificate))));
  figures.push(...(await section('embedded tokenize', 'embedded', () => benchEmbedded())));
  figures.push(...(await section('audit sealer ratio', 'sealer', () => benchSealer(masterKey))));
  figures.push(...(await section('memory', 'memory', () => benchMemory(masterKey))));
  figures.push(...(await section('audit verify', 'audit', () => benchAudit(masterKey))));
  figures.push(...(await section('dashboard pages', 'dashboard', () => benchDashboard(masterKey))));
  figures.push(...(await section('scale', 'scale', () => benchScale(masterKey))));
  figures.push(...(await section('webhook delivery', 'webhooks', () => benchWebhooks(masterKey, certificate))));
  figures.push(...(await section('Vault Elements', 'elements', () => benchElements(masterKey))));
  figures.push(...(await section('token formats, metadata and search', 'tokens', () => benchTokenLifecycle(masterKey))));
  figures.push(...(await section('bulk import and export', 'bulk', () => benchBulk(masterKey))));
  const { missed, far } = printSummary(figures, failures());
  // BENCH_QUICK (CI): a report that fails only on a fall of more than 25 % against a floor (noise is not a failure).
  return crashed ? 1 : STRICT && missed ? 1 : QUICK && far ? 1 : 0;
}

main()
  .catch((error) => {
    console.error(error);
    return 1;
  })
  .then(async (code) => {
    killChildren();
    await dropScratch();
    // A crashed section's server logs are kept for reading.
    if (crashed) console.error(`server logs kept in ${logDir}`);
    else rmSync(workDir, { recursive: true, force: true });
    process.exit(code);
  });
