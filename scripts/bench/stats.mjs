// Small statistics: the bench reports medians of rounds, and percentiles of per-request latencies.
import { cpus, platform, release, totalmem } from 'node:os';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile (q in 0..1) of unsorted samples. */
export function percentile(samples, q) {
  if (!samples.length) return NaN;
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function machine() {
  const list = cpus();
  return `${list[0]?.model.trim() ?? 'unknown CPU'} × ${list.length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${platform()} ${release()}, Node ${process.version}`;
}

export const ms = (value) => `${value.toFixed(2)} ms`;
export const rate = (value) => `${Math.round(value).toLocaleString('en-US')} req/s`;
/** ", event loop p99 N ms" when the run read the server's event-loop delay (load.mjs), else "". */
export const loopNote = (run) => (run.loopP99 === undefined ? '' : `; event loop p99 ${run.loopP99.toFixed(1)} ms`);
