// The bench's knobs, read once. Defaults follow issue 11: 50 connections, ≥ 8 s per round, 3 rounds, medians.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** BENCH_QUICK=1: 5 s × 1 round (unless set), the memory run stops at 10 thousand requests, scale at 1 million tokens. */
export const QUICK = process.env.BENCH_QUICK === '1';
export const DURATION = number('BENCH_DURATION', QUICK ? 5 : 10);
export const ROUNDS = number('BENCH_ROUNDS', QUICK ? 1 : 3);
export const WARMUP = number('BENCH_WARMUP', 3);
export const CONNECTIONS = 50;
export const PROXY_CONNECTIONS = 4;
export const PROBE_CALLS = number('BENCH_PROBE_CALLS', 2000);
export const AUDIT_ROWS = number('BENCH_AUDIT_ROWS', 1_000_000);
/** BENCH_STRICT=1: exit 1 when a floor is missed (otherwise the bench is a report and exits 0). */
export const STRICT = process.env.BENCH_STRICT === '1';
export const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The request every tokenize figure sends: a test card, no CVV (so no CVC session in the store). */
export const card = JSON.stringify({ type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });

/** This run's temporary folder (certificates, data folders, server logs), removed at the end. */
export const workDir = mkdtempSync(join(tmpdir(), 'vault-bench-'));
export const logDir = join(workDir, 'logs');
mkdirSync(logDir);
