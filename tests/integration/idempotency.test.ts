// The cases live in tests/suites/idempotency.ts so the Redis Sentinel and Cluster files run them too
// (redis-sentinel.test.ts, redis-cluster.test.ts); here they run on REDIS_URL or the in-process store.
import { idempotencyCases } from '../suites/idempotency';

idempotencyCases();
