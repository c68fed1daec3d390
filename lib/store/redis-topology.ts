// Which Redis the store talks to: one server (REDIS_URL), a primary found through Sentinel
// (REDIS_SENTINELS + REDIS_SENTINEL_NAME) or a Redis Cluster (REDIS_CLUSTER_NODES). Sentinel and Cluster
// win over a REDIS_URL that is also set: platforms often set one anyway, and the operator who lists
// sentinels or cluster nodes means them. Setting both is refused at start (lib/config.ts). `tls`: a
// `rediss://` URL, or REDIS_TLS=true for any of the three.

import type { HostPort } from '../core/host-port-list';

export type RedisTopology =
  | { kind: 'single'; url: string; tls?: true }
  | { kind: 'sentinel'; sentinels: HostPort[]; name: string; password?: string; sentinelPassword?: string; tls?: true }
  | { kind: 'cluster'; nodes: HostPort[]; password?: string; tls?: true };

type RedisSettings = {
  REDIS_URL?: string;
  REDIS_SENTINELS?: HostPort[];
  REDIS_SENTINEL_NAME?: string;
  REDIS_CLUSTER_NODES?: HostPort[];
  REDIS_PASSWORD?: string;
  REDIS_SENTINEL_PASSWORD?: string;
  REDIS_TLS?: boolean;
};

/** The configured topology, or undefined for the in-process store. */
export function redisTopologyOf(config: RedisSettings): RedisTopology | undefined {
  const password = config.REDIS_PASSWORD || undefined;
  const tls = config.REDIS_TLS ? ({ tls: true } as const) : {};
  if (config.REDIS_CLUSTER_NODES) return { kind: 'cluster', nodes: config.REDIS_CLUSTER_NODES, password, ...tls };
  if (config.REDIS_SENTINELS && config.REDIS_SENTINEL_NAME) {
    return { kind: 'sentinel', sentinels: config.REDIS_SENTINELS, name: config.REDIS_SENTINEL_NAME, password, sentinelPassword: config.REDIS_SENTINEL_PASSWORD || undefined, ...tls };
  }
  if (!config.REDIS_URL) return undefined;
  return { kind: 'single', url: config.REDIS_URL, ...(config.REDIS_URL.startsWith('rediss:') ? { tls: true } : tls) };
}
