// The ioredis client for each topology, with the same fail-fast settings on all three: no offline queue
// (a command sent while not connected fails at once: 503), one retry, REDIS_COMMAND_TIMEOUT_MS per
// command, reconnection in the background. ioredis does the Sentinel and Cluster work itself: asking the
// sentinels for the primary (again after a fail-over), following the cluster's slots and redirections.
// TLS (`rediss://`, REDIS_TLS) is Node's: the server's certificate and name are checked against the system
// trust store plus NODE_EXTRA_CA_CERTS. No option here loosens that, and a failed handshake is a store that
// is down (503), never a plaintext retry.
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisTopology } from './redis-topology';

export type RedisClient = Redis | Cluster;

const reconnectDelay = (attempt: number) => Math.min(attempt * 200, 2_000);

/**
 * A write refused with READONLY means this connection reached a replica: during a Sentinel fail-over the
 * old primary is demoted under us. Reconnect (which asks the sentinels for the new primary); the command
 * itself fails (503) rather than being sent again, so no write is ever applied twice.
 */
export const reconnectOnReadOnly = (error: Error) => (error.message.startsWith('READONLY') ? 1 : false);

export function createRedisClient(topology: RedisTopology, options: { keyPrefix: string; commandTimeoutMs: number }): RedisClient {
  const connection = {
    connectTimeout: 5_000,
    commandTimeout: options.commandTimeoutMs,
    keepAlive: 10_000,
    maxRetriesPerRequest: 1,
  } satisfies RedisOptions;
  // An empty object: Node's defaults (verification on, the host name checked).
  const tls = topology.tls ? { tls: {} } : {};
  switch (topology.kind) {
    case 'single':
      return new Redis(topology.url, { ...connection, ...tls, keyPrefix: options.keyPrefix, enableOfflineQueue: false, retryStrategy: reconnectDelay });
    case 'sentinel':
      return new Redis({
        ...connection,
        // TLS to the data nodes (tls) and to the sentinels themselves (sentinelTLS).
        ...tls,
        ...(topology.tls ? { sentinelTLS: {}, enableTLSForSentinelMode: true } : {}),
        keyPrefix: options.keyPrefix,
        enableOfflineQueue: false,
        retryStrategy: reconnectDelay,
        sentinels: topology.sentinels,
        name: topology.name,
        password: topology.password,
        sentinelPassword: topology.sentinelPassword,
        sentinelCommandTimeout: options.commandTimeoutMs,
        // Subscribed to the sentinels' +switch-master: reconnects to the new primary as soon as it is
        // elected, not only when the old one drops the connection.
        failoverDetector: true,
        reconnectOnError: reconnectOnReadOnly,
      });
    case 'cluster':
      return new Cluster(topology.nodes, {
        // Applied by the cluster client to every key, like the single client's.
        keyPrefix: options.keyPrefix,
        enableOfflineQueue: false,
        clusterRetryStrategy: reconnectDelay,
        redisOptions: { ...connection, ...tls, password: topology.password },
      });
  }
}
