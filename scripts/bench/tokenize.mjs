// Tokenize on PostgreSQL + Redis against the raw baseline (baseline.mjs: node:http + pg, parse, AES-GCM,
// one INSERT), both loaded alike in interleaved rounds. Figures: req/s ratio and the vault's p99.
import { load, rounds } from './load.mjs';
import { freePort, startChild } from './processes.mjs';
import { scratchDatabase } from './scratch.mjs';
import { figure } from './report.mjs';
import { card, CONNECTIONS, WARMUP } from './settings.mjs';
import { loopNote, ms } from './stats.mjs';

export async function benchTokenize(vault) {
  console.log(`\n## Tokenize: vault (PostgreSQL + Redis) vs baseline (node:http + pg), ${CONNECTIONS} connections`);
  const port = await freePort();
  const baseline = await startChild('baseline', ['scripts/bench/baseline.mjs'], { ...process.env, DATABASE_URL: await scratchDatabase('baseline'), PORT: String(port) }, 'listening');
  try {
    const baselineOptions = { url: `http://127.0.0.1:${port}/`, method: 'POST', body: card, headers: { 'content-type': 'application/json' } };
    const vaultOptions = { url: `${vault.url}/tokenize`, method: 'POST', headers: vault.headers, body: card, server: vault };
    await load('warm-up: baseline', { ...baselineOptions, duration: WARMUP });
    await load('warm-up: vault', { ...vaultOptions, duration: WARMUP });
    const [base, app] = await rounds([
      { title: 'tokenize — baseline (node:http + pg)', options: baselineOptions },
      { title: 'tokenize — vault', options: vaultOptions },
    ]);
    const ratio = app.rps / base.rps;
    return [
      figure('tokenize req/s ÷ node:http + pg baseline', `${ratio.toFixed(2)} (${app.rps.toFixed(0)} ÷ ${base.rps.toFixed(0)})`, '≥ 0.8', '—', ratio >= 0.8, false, [{ value: ratio, floor: 0.8, higher: true }]),
      figure(`tokenize p99, ${CONNECTIONS} connections`, `${ms(app.p99)}${loopNote(app)}`, '≤ 25 ms', '—', app.p99 <= 25, false, [{ value: app.p99, floor: 25 }]),
    ];
  } finally {
    await baseline.stop();
  }
}
