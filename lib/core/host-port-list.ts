// `host:port` lists in settings (REDIS_SENTINELS, REDIS_CLUSTER_NODES): parsed by the configuration, used by the store.

export type HostPort = { host: string; port: number };

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
