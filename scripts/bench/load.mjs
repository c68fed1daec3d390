// Load runs and interleaved rounds with medians. The load generator is Debian's `wrk` when installed (C,
// one thread: it leaves the cores to the server, as a user's own load test does), else autocannon, said so
// at the start of the run (BENCH_LOAD=autocannon picks it on purpose). Runs of a fixed number of requests
// (the memory section) always use autocannon: wrk runs for a duration. autocannon's own latency histogram
// has 1 ms resolution, too coarse for the proxy's sub-millisecond figure, so every 2xx response's time
// (float ms, from its 'response' event) is kept and the percentiles computed here; wrk's are in µs.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, percentile } from './stats.mjs';
import { CONNECTIONS, DURATION, ROUNDS, workDir } from './settings.mjs';

const WRK = '/usr/bin/wrk';
/** The load generator of duration runs: `wrk` or `autocannon`. */
export const loadGenerator = process.env.BENCH_LOAD !== 'autocannon' && existsSync(WRK) ? 'wrk' : 'autocannon';
export const loadGeneratorNote = () =>
  loadGenerator === 'wrk'
    ? 'Load generator: wrk (C, one thread); fixed-count runs: autocannon'
    : `Load generator: autocannon (Node, on the same cores as the server)${process.env.BENCH_LOAD === 'autocannon' ? '' : ': wrk is not installed (apt-get install wrk) — figures are lower than a user measures with wrk'}`;

let failedRequests = 0;
/** Requests that failed (non-2xx, errors, timeouts) over the whole bench: figures are suspect if any. */
export const failures = () => failedRequests;

const formatLine = (title, run) =>
  `${title.padEnd(52)} ${run.rps.toFixed(0).padStart(6)} req/s${Number.isNaN(run.p50) ? '' : `   p50 ${run.p50.toFixed(2).padStart(7)} ms   p99 ${run.p99.toFixed(2).padStart(7)} ms`}${
    run.loopP99 === undefined ? '' : `   loop p99 ${run.loopP99.toFixed(1).padStart(5)} ms`
  }${run.bad ? `   (${run.bad} failed)` : ''}`;

/**
 * The vault's event-loop delay p99 (ms) since the previous read: prom-client's `nodejs_eventloop_lag_p99_seconds`
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution), whose histogram each scrape reads and resets.
 */
async function eventLoopP99(metricsUrl) {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('nodejs_eventloop_lag_p99_seconds '));
  return line ? Number(line.split(' ')[1]) * 1000 : undefined;
}

/**
 * One run, by wrk or autocannon (below). `server` (a startVault result): its event-loop delay p99 over the
 * run is read from its metrics listener and reported beside the latencies (`loopP99`).
 */
export async function load(title, { server, quiet = false, ...options }) {
  if (!server?.metricsUrl) return loadOnce(title, { quiet, ...options });
  await eventLoopP99(server.metricsUrl); // resets the histogram: what follows is this run's
  const run = await loadOnce(title, { ...options, quiet: true });
  run.loopP99 = await eventLoopP99(server.metricsUrl);
  if (!quiet) console.log(formatLine(title, run));
  return run;
}

/**
 * One autocannon run: `duration` seconds, or `amount` requests. Returns successful req/s and 2xx latency
 * percentiles. `keepLatencies: false` skips collecting them (the long memory runs).
 */
function loadOnce(title, { connections = CONNECTIONS, duration = DURATION, amount, keepLatencies = true, quiet = false, ...options }) {
  if (loadGenerator === 'wrk' && !amount) return loadWithWrk(title, { connections, duration, quiet, ...options });
  // `bodies`: each request the next body in turn (autocannon's request list cycles the same way).
  const { bodies, ...rest } = options;
  const cycled = bodies ? { ...rest, requests: bodies.map((body) => ({ body })) } : rest;
  return new Promise((resolve, reject) => {
    const samples = [];
    const instance = autocannon({ connections, ...(amount ? { amount } : { duration }), ...cycled }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors + result.timeouts;
      failedRequests += bad;
      const run = { rps: result['2xx'] / result.duration, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), requests: result['2xx'], bad };
      if (!quiet) console.log(formatLine(title, run));
      resolve(run);
    });
    if (keepLatencies) {
      instance.on('response', (_client, status, _bytes, time) => {
        if (status >= 200 && status < 300) samples.push(time);
      });
    }
  });
}

let scripts = 0;
/**
 * A Lua script sending one fixed request (or, with `bodies`, each request the next of those bodies in turn)
 * and printing the run's figures as JSON when it ends.
 */
function wrkScript({ method = 'GET', headers = {}, body, bodies, idReplacement }) {
  const long = (text) => `[==[${text}]==]`;
  const lines = [`wrk.method = ${long(method)}`, ...Object.entries(headers).map(([name, value]) => `wrk.headers[ ${long(name)} ] = ${long(value)}`)];
  if (body !== undefined) lines.push(`wrk.body = ${long(body)}`);
  if (bodies && idReplacement) throw new Error('bodies and idReplacement do not combine');
  if (bodies) {
    lines.push(
      `local bodies = { ${bodies.map(long).join(', ')} }`,
      'local next = 0',
      'request = function()',
      '  next = next % #bodies + 1',
      '  return wrk.format(nil, nil, nil, bodies[next])',
      'end',
    );
  }
  if (idReplacement) {
    // As autocannon's idReplacement: a fresh id in place of [<id>] in the headers of every request.
    const run = `${process.pid}-${Date.now().toString(36)}-${scripts}`;
    lines.push(
      'local sent = 0',
      'request = function()',
      '  sent = sent + 1',
      '  local headers = {}',
      `  for name, value in pairs(wrk.headers) do headers[name] = (tostring(value):gsub("%[<id>%]", ${long(run)} .. "-" .. sent)) end`,
      '  return wrk.format(nil, nil, headers, nil)',
      'end',
    );
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'WRK {"requests":%d,"duration_us":%d,"status_errors":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d}\\n\',',
    '    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99)))',
    'end',
  );
  const path = join(workDir, `wrk-${++scripts}.lua`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** One wrk run: successful req/s and latency percentiles of every answer (a non-2xx answer is counted as failed). */
function loadWithWrk(title, { connections, duration, quiet, url, ...request }) {
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', wrkScript(request), url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('WRK '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${output.trim().slice(0, 300)}`));
      const figures = JSON.parse(line.slice(4));
      const ok = figures.requests - figures.status_errors;
      const bad = figures.status_errors + figures.socket_errors;
      failedRequests += bad;
      const run = { rps: ok / (figures.duration_us / 1e6), p50: figures.p50_us / 1000, p99: figures.p99_us / 1000, requests: ok, bad };
      if (!quiet) console.log(formatLine(title, run));
      resolve(run);
    });
  });
}

/**
 * `ROUNDS` rounds of each variant, interleaved (a, b, a, b, …) so drift (caches, autovacuum, another job
 * on the machine) falls on both sides alike. `before(variant)` runs before each of its runs. Returns,
 * per variant, the medians of req/s, p50 and p99 over the rounds.
 */
export async function rounds(variants, { before } = {}) {
  const runs = variants.map(() => []);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [index, variant] of variants.entries()) {
      await before?.(variant);
      runs[index].push(await load(`${variant.title} [${round}/${ROUNDS}]`, variant.options));
    }
  }
  return variants.map((variant, index) => {
    const summary = {
      rps: median(runs[index].map((run) => run.rps)),
      p50: median(runs[index].map((run) => run.p50)),
      p99: median(runs[index].map((run) => run.p99)),
      loopP99: runs[index][0].loopP99 === undefined ? undefined : median(runs[index].map((run) => run.loopP99)),
      bad: runs[index].reduce((sum, run) => sum + run.bad, 0),
    };
    console.log(formatLine(`${variant.title} — median`, summary));
    return summary;
  });
}
