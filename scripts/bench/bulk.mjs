// Issue 26's figures, PostgreSQL + Redis, measured the way an operator runs them (the CLI, as a child
// process): `vault import cards` of BENCH_IMPORT_ROWS (1,000,000) generated cards from a CSV encrypted to
// the project's import key (rows/s end to end: both decrypting passes, parse, validate, seal, insert,
// audit; peak RSS), `vault export cards --all` of the same cards (rows/s), and beside them the same number
// of single POST /tokenize calls (wrk, 50 connections, each a different card) on the vault's server, as
// the ratio import rows/s ÷ tokenize req/s: what a batch import buys.
import { spawn } from 'node:child_process';
import { createWriteStream, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as openpgp from 'openpgp';
import pg from 'pg';
import { figure } from './report.mjs';
import { root, redisUrl, workDir } from './settings.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { runCli } from './processes.mjs';
import { startVault, vaultEnv } from './vault-server.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const CONNECTIONS = 50;

/** The i-th card: a distinct Luhn-valid 16-digit Visa number (BIN 411111, then i, then the check digit). */
function cardNumber(index, bin = '411111') {
  const body = `${bin}${String(index).padStart(9, '0')}`;
  let sum = 0;
  for (let position = 0; position < body.length; position++) {
    let digit = body.charCodeAt(body.length - 1 - position) - 48;
    if (position % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** ROWS cards as CSV (a header, then 10,000 rows a chunk), generated as they are read. */
function csvRows() {
  let next = 0;
  return new Readable({
    read() {
      if (next === 0) this.push('card_number,exp_month,exp_year,cardholder_name,external_id\n');
      if (next >= ROWS) return this.push(null);
      const end = Math.min(ROWS, next + 10_000);
      let text = '';
      for (; next < end; next++) text += `${cardNumber(next)},${String((next % 12) + 1).padStart(2, '0')},${2030 + (next % 5)},Card Holder ${next},legacy_${next}\n`;
      this.push(text);
    },
  });
}

/** The generated CSV, encrypted (streaming) to `armoredKey` into `path`. */
async function encryptedFile(armoredKey, path) {
  const encryptionKeys = await openpgp.readKey({ armoredKey });
  const message = await openpgp.createMessage({ binary: Readable.toWeb(csvRows()), format: 'binary' });
  const encrypted = await openpgp.encrypt({ message, encryptionKeys, format: 'binary' });
  await pipeline(Readable.fromWeb(encrypted), createWriteStream(path));
}

/** A CLI run as a child process: wall seconds, stdout, and its peak RSS (MiB, from a preloaded exit hook). */
function timedCli(args, env) {
  const preload = join(workDir, 'max-rss.cjs');
  writeFileSync(preload, "process.on('exit', () => process.stderr.write(`MAX_RSS_KB ${process.resourceUsage().maxRSS}\\n`));\n");
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--require', preload, 'bin/vault.mjs', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0) return reject(new Error(`vault ${args.slice(0, 2).join(' ')} exited ${code}: ${(stderr || stdout).trim().slice(-400)}`));
      const rss = Number(/MAX_RSS_KB (\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
      resolve({ seconds, stdout, rssMiB: rss });
    });
  });
}

/**
 * ROWS single POST /tokenize calls, each a different card (wrk; its Lua script makes the bodies). The
 * script prints DONE when the ROWS-th answer arrives: the rate is ROWS over the time from the start to
 * then, and wrk is stopped (SIGINT) there.
 */
function tokenizeCalls(vault) {
  const script = join(workDir, 'bulk-tokenize.lua');
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      ...Object.entries(vault.headers).map(([name, value]) => `wrk.headers["${name}"] = "${value}"`),
      'local sent, answered, failed = 0, 0, 0',
      'local function card(i)',
      '  local body = string.format("422222%09d", i)',
      '  local sum = 0',
      '  for position = 0, #body - 1 do',
      '    local digit = tonumber(body:sub(#body - position, #body - position))',
      '    if position % 2 == 0 then digit = digit * 2; if digit > 9 then digit = digit - 9 end end',
      '    sum = sum + digit',
      '  end',
      '  return body .. tostring((10 - sum % 10) % 10)',
      'end',
      'request = function()',
      '  sent = sent + 1',
      '  return wrk.format(nil, nil, nil, \'{"type":"card","data":{"cardNumber":"\' .. card(sent) .. \'","expirationMonth":"12","expirationYear":"2030"}}\')',
      'end',
      'response = function(status)',
      '  answered = answered + 1',
      '  if status ~= 201 then failed = failed + 1 end',
      `  if answered == ${ROWS} then io.write(string.format("DONE %d\\n", failed)); io.flush() end`,
      'end',
    ].join('\n'),
  );
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn('/usr/bin/wrk', ['-t1', `-c${CONNECTIONS}`, `-d${Math.ceil(ROWS / 100)}s`, '--timeout', '10s', '-s', script, `${vault.url}/tokenize`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let result;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const done = /DONE (\d+)/.exec(output);
      if (done && !result) {
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        result = { requests: ROWS, rps: ROWS / seconds, errors: Number(done[1]) };
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', () => (result ? resolve(result) : reject(new Error(`wrk ended before ${ROWS} answers: ${output.trim().slice(0, 300)}`))));
  });
}

export async function benchBulk(masterKey) {
  console.log(`\n## Bulk import and export (PostgreSQL + Redis), ${ROWS.toLocaleString('en-US')} cards`);
  const databaseUrl = await scratchDatabase('bulk');
  const overrides = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('bulk'), VAULT_MASTER_KEY: masterKey };
  const env = vaultEnv('bulk', overrides);
  const vault = await startVault('bulk', overrides);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { projectId } = vault;
    const [{ name: projectName }] = (await client.query('SELECT name FROM projects WHERE id = $1', [projectId])).rows;
    const key = JSON.parse(runCli(['import', 'key', 'create', '--project', projectId, '--json'], env).stdout);
    const file = join(workDir, 'cards.csv.pgp');
    const started = Date.now();
    await encryptedFile(key.public_key, file);
    console.log(`generated and encrypted ${ROWS.toLocaleString('en-US')} cards: ${(statSync(file).size / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const imported = await timedCli(['import', 'cards', '--project', projectId, '--file', file, '--out-dir', workDir], env);
    const importRate = ROWS / imported.seconds;
    console.log(`vault import cards: ${imported.seconds.toFixed(1)} s, ${importRate.toFixed(0)} rows/s, peak RSS ${imported.rssMiB.toFixed(0)} MiB; it printed: ${imported.stdout.trim().split('\n').slice(-3).join(' | ')}`);
    const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM tokens WHERE project_id = $1 AND external_id IS NOT NULL', [projectId])).rows;
    if (count !== ROWS) throw new Error(`the import stored ${count} tokens of ${ROWS}`);

    const recipient = await openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: 'Bench recipient' }] });
    const recipientFile = join(workDir, 'recipient.asc');
    writeFileSync(recipientFile, recipient.publicKey);
    const exported = await timedCli(['export', 'cards', '--project', projectId, '--recipient-key', recipientFile, '--all', '--out', join(workDir, 'export.pgp'), '--confirm', projectName], env);
    const exportRate = ROWS / exported.seconds;
    console.log(`vault export cards: ${exported.seconds.toFixed(1)} s, ${exportRate.toFixed(0)} rows/s, peak RSS ${exported.rssMiB.toFixed(0)} MiB`);

    const tokenize = await tokenizeCalls(vault);
    console.log(`${tokenize.requests.toLocaleString('en-US')} POST /tokenize calls: ${tokenize.rps.toFixed(0)} req/s${tokenize.errors ? ` (${tokenize.errors} failed)` : ''}`);
    const ratio = importRate / tokenize.rps;
    return [
      figure(`import ${ROWS.toLocaleString('en-US')} cards (CLI, rows/s)`, importRate.toFixed(0), '≥ 5,000', '—', importRate >= 5000, false, [{ value: importRate, floor: 5000, higher: true }]),
      figure('import peak RSS', `${imported.rssMiB.toFixed(0)} MiB`, '≤ 300 MB', '—', imported.rssMiB * 1.048576 <= 300, false, [{ value: imported.rssMiB * 1.048576, floor: 300, higher: false }]),
      figure(`export ${ROWS.toLocaleString('en-US')} cards (CLI, rows/s)`, exportRate.toFixed(0), '≥ 10,000', '—', exportRate >= 10000, false, [{ value: exportRate, floor: 10000, higher: true }]),
      figure('import rows/s ÷ single POST /tokenize req/s', `${ratio.toFixed(1)} (${importRate.toFixed(0)} ÷ ${tokenize.rps.toFixed(0)})`, '—', '—', null),
    ];
  } finally {
    await client.end();
    await vault.stop();
  }
}
