// Which Redis the store talks to: one server (REDIS_URL), a primary found through Sentinel
// (REDIS_SENTINELS + REDIS_SENTINEL_NAME) or a Redis Cluster (REDIS_CLUSTER_NODES). Sentinel and Cluster
// win over a REDIS_URL that is also set: platforms often set one anyway, and the operator who lists
// sentinels or cluster nodes means them. Setting both is refused at start (lib/config.ts). `tls`: a
// `rediss://` URL, or REDIS_TLS=true for any of the three.

export type HostPort = { host: string; port: number };

export type RedisTopology =
  | { kind: 'single'; url: string; tls?: true }
  | { kind: 'sentinel'; sentinels: HostPort[]; name: string; password?: string; sentinelPassword?: string; tls?: true }
  | { kind: 'cluster'; nodes: HostPort[]; password?: string; tls?: true };

// A host name, an IPv4 address or a bracketed IPv6 address, then a port.
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/;

/** `host:port,host:port` (blanks around entries ignored); null when any entry is not a host:port. */
export function parseHostPortList(value: string): HostPort[] | null {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const parsed = entries.map((entry) => {
    const match = HOST_PORT.exec(entry);
    const port = Number(match?.[2]);
    return match && port >= 1 && port <= 65_535 ? { host: match[1]!.replace(/^\[|\]$/g, ''), port } : null;
  });
  return parsed.length > 0 && parsed.every((entry) => entry !== null) ? (parsed as HostPort[]) : null;
}

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
