// Rate limits of collect sessions: creation per API key (an application), submissions per client IP across
// sessions (COLLECT_SUBMIT_LIMIT_PER_MINUTE: card testing through many sessions). Per session the bound is its failed submissions
// (MAX_COLLECT_FAILURES, in the row). Counted in the store, Redis when configured; the store down is a 503.
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { consumeOrRetryAfter, createRateLimiter, limitersOnStore } from '../store/rate-limiter';
import { COLLECT_CREATE_PER_MINUTE } from './collect-rules';

type LimitDeps = Pick<Runtime, 'store'> & { config: Pick<Runtime['config'], 'COLLECT_SUBMIT_LIMIT_PER_MINUTE'> };

const limitersFor = (runtime: LimitDeps) =>
  limitersOnStore(runtime.store, `collect:${runtime.config.COLLECT_SUBMIT_LIMIT_PER_MINUTE}`, () => ({
    create: createRateLimiter(runtime.store, { name: 'collect-create', points: COLLECT_CREATE_PER_MINUTE, durationSeconds: 60 }),
    submitIp: createRateLimiter(runtime.store, { name: 'collect-submit-ip', points: runtime.config.COLLECT_SUBMIT_LIMIT_PER_MINUTE, durationSeconds: 60 }),
  }));

async function consume(limiter: Parameters<typeof consumeOrRetryAfter>[0], key: string): Promise<void> {
  const retryAfter = await consumeOrRetryAfter(limiter, key);
  if (retryAfter !== null) throw Object.assign(new VaultError('rate_limited', messages.tooManyRequests), { retryAfterSeconds: retryAfter });
}

export const limitCollectCreate = (runtime: LimitDeps, applicationId: string) => consume(limitersFor(runtime).create, applicationId);
export const limitCollectSubmit = (runtime: LimitDeps, ip: string | null) => consume(limitersFor(runtime).submitIp, ip ?? 'unknown');
