// The suites that depend on the store (CVC sessions, idempotency, rate limits), each in its own describe
// block (one vault at a time), for the files that run them on another store (Redis Sentinel, Cluster).
import { describe } from 'vitest';
import { checkoutLimitCases } from './checkout-limits';
import { cvcSessionCases } from './cvc-sessions';
import { idempotencyAtRestCases } from './idempotency-at-rest';
import { idempotencyCases } from './idempotency';
import type { SuiteOptions } from './suite-options';

export function storeSuites(options: SuiteOptions): void {
  describe('CVC sessions', () => cvcSessionCases(options));
  describe('idempotency', () => idempotencyCases(options));
  describe('idempotency at rest', () => idempotencyAtRestCases(options));
  describe('checkout rate limits', () => checkoutLimitCases(options));
}
