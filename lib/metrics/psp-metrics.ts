// Calls to payment processors (POST /proxy/transaction and the checkout's http processors) by outcome,
// with the upstream latency: ok (any answer below 400), psp_4xx, psp_5xx, timeout, refused (the SSRF
// guard refused the address at connect time) and failed (connection refused or reset, TLS failure, …).
import { Histogram } from 'prom-client';
import type { VaultError } from '../core/errors';
import { processWide } from './registry';

export type PspOutcome = 'ok' | 'psp_4xx' | 'psp_5xx' | 'timeout' | 'refused' | 'failed';
const OUTCOMES: readonly PspOutcome[] = ['ok', 'psp_4xx', 'psp_5xx', 'timeout', 'refused', 'failed'];

const byOutcome = processWide('psp', (registry) => {
  const histogram = new Histogram({
    name: 'vault_psp_request_duration_seconds',
    help: 'Calls to PSPs by outcome (ok, psp_4xx, psp_5xx, timeout, refused by the SSRF guard, failed): time from sending to the whole answer or the failure. _count is the number of calls.',
    labelNames: ['outcome'] as const,
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // Every outcome present from the start (at 0), each child resolved once.
  return new Map(OUTCOMES.map((outcome) => [outcome, histogram.labels(outcome)]));
});

export function recordPspCall(outcome: PspOutcome, seconds: number): void {
  byOutcome.get(outcome)!.observe(seconds);
}

export function pspOutcomeOfStatus(status: number): PspOutcome {
  return status >= 500 ? 'psp_5xx' : status >= 400 ? 'psp_4xx' : 'ok';
}

/** The outcome of a call that failed, from the API error it maps to (lib/outbound/dispatcher.ts). */
export function pspOutcomeOfFailure(error: VaultError): PspOutcome {
  return error.code === 'invalid_proxy_url' ? 'refused' : error.code === 'proxy_timeout' ? 'timeout' : 'failed';
}
