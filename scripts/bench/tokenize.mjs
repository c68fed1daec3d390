// Tokenize on PostgreSQL + Redis against the raw baseline (baseline.mjs: node:http + pg, parse, AES-GCM,
// one INSERT), all loaded alike in interleaved rounds. Figures: req/s ratio and the vault's p99. A second
// reference, the required writes (required-writes.ts: bare node:http doing only what every token must —
// seal, fingerprint, writer MAC, event envelope, the vault's own token + audit + event statement), splits
// the gap: required ÷ baseline is the most any vault writing those rows reaches on this machine, vault ÷
// required is the vault's own overhead.
import { randomBytes } from 'node:crypto';
import { load, rounds } from './load.mjs';
import { freePort, runCli, startChild } from './processes.mjs';
import { scratchDatabase } from './scratch.mjs';
import { figure } from './report.mjs';
import { card, CONNECTIONS, WARMUP } from './settings.mjs';
import { loopNote, ms } from './stats.mjs';
import { vaultEnv } from './vault-server.mjs';

/** The required-writes server on its own database, migrated and given an application by the CLI. */
async function startRequiredWrites() {
  const databaseUrl = await scratchDatabase('required');
  runCli(['app', 'create', '--name', 'Benchmark required writes', '--json'], vaultEnv('required', { DATABASE_URL: databaseUrl, VAULT_MASTER_KEY: randomBytes(32).toString('base64') }));
  const port = await freePort();
  const server = await startChild('required-writes', ['--import', 'tsx', 'scripts/bench/required-writes.ts'], { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) }, 'listening');
  return { server, options: { url: `http://127.0.0.1:${port}/`, method: 'POST', body: card, headers: { 'content-type': 'application/json' } } };
}

export async function benchTokenize(vault) {
  console.log(`\n## Tokenize: vault (PostgreSQL + Redis) vs baseline (node:http + pg) and the required writes, ${CONNECTIONS} connections`);
  const port = await freePort();
  const baseline = await startChild('baseline', ['scripts/bench/baseline.mjs'], { ...process.env, DATABASE_URL: await scratchDatabase('baseline'), PORT: String(port) }, 'listening');
  const required = await startRequiredWrites();
  try {
    const baselineOptions = { url: `http://127.0.0.1:${port}/`, method: 'POST', body: card, headers: { 'content-type': 'application/json' } };
    const vaultOptions = { url: `${vault.url}/tokenize`, method: 'POST', headers: vault.headers, body: card, server: vault };
    await load('warm-up: baseline', { ...baselineOptions, duration: WARMUP });
    await load('warm-up: required writes', { ...required.options, duration: WARMUP });
    await load('warm-up: vault', { ...vaultOptions, duration: WARMUP });
    const [base, floor, app] = await rounds([
      { title: 'tokenize — baseline (node:http + pg)', options: baselineOptions },
      { title: 'tokenize — required writes', options: required.options },
      { title: 'tokenize — vault', options: vaultOptions },
    ]);
    const ratio = app.rps / base.rps;
    return [
      figure('tokenize req/s ÷ node:http + pg baseline', `${ratio.toFixed(2)} (${app.rps.toFixed(0)} ÷ ${base.rps.toFixed(0)})`, '≥ 0.8', '—', ratio >= 0.8, false, [{ value: ratio, floor: 0.8, higher: true }]),
      figure(`tokenize p99, ${CONNECTIONS} connections`, `${ms(app.p99)}${loopNote(app)}`, '≤ 25 ms', '—', app.p99 <= 25, false, [{ value: app.p99, floor: 25 }]),
      figure(
        'required writes ÷ baseline (the most a vault writing token + audit + event reaches here)',
        `${(floor.rps / base.rps).toFixed(2)} (${floor.rps.toFixed(0)} ÷ ${base.rps.toFixed(0)}), p99 ${ms(floor.p99)}`,
        '—', '—', null,
      ),
      figure('tokenize req/s ÷ required writes (the vault\'s own overhead)', `${(app.rps / floor.rps).toFixed(2)} (${app.rps.toFixed(0)} ÷ ${floor.rps.toFixed(0)})`, '—', '—', null),
    ];
  } finally {
    await required.server.stop();
    await baseline.stop();
  }
}
