// The cases live in tests/suites/checkout-limits.ts so the Redis Sentinel and Cluster files run them too
// (redis-sentinel.test.ts, redis-cluster.test.ts); here they run on REDIS_URL or the in-process store.
import { checkoutLimitCases } from '../suites/checkout-limits';

checkoutLimitCases();
