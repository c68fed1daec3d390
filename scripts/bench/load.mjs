// Load runs (autocannon) and interleaved rounds with medians. autocannon's own latency histogram has
// 1 ms resolution, too coarse for the proxy's sub-millisecond figure, so every 2xx response's time
// (float ms, from autocannon's 'response' event) is kept and the percentiles computed here.
import autocannon from 'autocannon';
import { median, percentile } from './stats.mjs';
import { CONNECTIONS, DURATION, ROUNDS } from './settings.mjs';

let failedRequests = 0;
/** Requests that failed (non-2xx, errors, timeouts) over the whole bench: figures are suspect if any. */
export const failures = () => failedRequests;

const line = (title, run) =>
  `${title.padEnd(52)} ${run.rps.toFixed(0).padStart(6)} req/s${Number.isNaN(run.p50) ? '' : `   p50 ${run.p50.toFixed(2).padStart(7)} ms   p99 ${run.p99.toFixed(2).padStart(7)} ms`}${run.bad ? `   (${run.bad} failed)` : ''}`;

/**
 * One autocannon run: `duration` seconds, or `amount` requests. Returns successful req/s and 2xx latency
 * percentiles. `keepLatencies: false` skips collecting them (the long memory runs).
 */
export function load(title, { connections = CONNECTIONS, duration = DURATION, amount, keepLatencies = true, quiet = false, ...options }) {
  return new Promise((resolve, reject) => {
    const samples = [];
    const instance = autocannon({ connections, ...(amount ? { amount } : { duration }), ...options }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors + result.timeouts;
      failedRequests += bad;
      const run = { rps: result['2xx'] / result.duration, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), requests: result['2xx'], bad };
      if (!quiet) console.log(line(title, run));
      resolve(run);
    });
    if (keepLatencies) {
      instance.on('response', (_client, status, _bytes, time) => {
        if (status >= 200 && status < 300) samples.push(time);
      });
    }
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
      bad: runs[index].reduce((sum, run) => sum + run.bad, 0),
    };
    console.log(line(`${variant.title} — median`, summary));
    return summary;
  });
}
