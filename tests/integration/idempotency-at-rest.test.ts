// The cases live in tests/suites/idempotency-at-rest.ts so the Redis Sentinel and Cluster files run them too
// (redis-sentinel.test.ts, redis-cluster.test.ts); here they run on REDIS_URL or the in-process store.
import { idempotencyAtRestCases } from '../suites/idempotency-at-rest';

idempotencyAtRestCases();
