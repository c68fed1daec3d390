// The volatile store (CVC sessions, idempotency records, rate limits): Redis answers a PING, or the
// in-process store, which is right for one node only.
import type { Config } from '../../config';
import { connectStore } from '../../store/connect';
import { redisTopologyOf, type RedisTopology } from '../../store/redis-topology';
import { fail, ok, warn, type CheckResult } from './check-result';
import { maskUrl } from './mask-url';

const NAME = 'store';

export async function checkStore(config: Config): Promise<CheckResult> {
  const topology = redisTopologyOf(config);
  if (!topology) {
    const detail = 'in-process store: CVC sessions, idempotency records and rate limits live in this one process';
    return config.NODE_ENV === 'production' ? warn(NAME, detail, 'with more than one node, set REDIS_URL so that every node shares them') : ok(NAME, detail);
  }
  const where = `${describeTopology(topology)}${topology.tls ? ' (TLS)' : ''}`;
  const store = await connectStore({ redis: topology, keyPrefix: config.REDIS_KEY_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS });
  try {
    if (!store.isAvailable()) return fail(NAME, `Redis at ${where} is not reachable (no connection within 2 s)`, fixFor(topology));
    const started = performance.now();
    await store.ping();
    return ok(NAME, `Redis at ${where} answers PING (${(performance.now() - started).toFixed(0)} ms)`);
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return fail(NAME, `Redis at ${where} does not answer: ${cause?.message ?? (error as Error).message}`, 'check REDIS_URL (password, TLS) and that Redis is not overloaded (REDIS_COMMAND_TIMEOUT_MS)');
  } finally {
    await store.close();
  }
}

/** Where the store is, without a password: the URL, or the sentinels / cluster nodes listed. */
function describeTopology(topology: RedisTopology): string {
  if (topology.kind === 'single') return maskUrl(topology.url);
  const list = (topology.kind === 'sentinel' ? topology.sentinels : topology.nodes).map(({ host, port }) => `${host}:${port}`).join(',');
  return topology.kind === 'sentinel' ? `Sentinel ${list} (primary "${topology.name}")` : `Cluster ${list}`;
}

function fixFor(topology: RedisTopology): string {
  const tls = topology.tls ? '; with TLS, that NODE_EXTRA_CA_CERTS names the CA of the Redis certificate' : '';
  if (topology.kind === 'sentinel') return `start the sentinels and check REDIS_SENTINELS, REDIS_SENTINEL_NAME (the monitored name) and REDIS_PASSWORD / REDIS_SENTINEL_PASSWORD${tls}`;
  if (topology.kind === 'cluster') return `check REDIS_CLUSTER_NODES and REDIS_PASSWORD, and that the cluster reports cluster_state:ok${tls}`;
  return `start Redis, or correct the host, port and password in REDIS_URL (rediss:// for TLS)${tls}`;
}
