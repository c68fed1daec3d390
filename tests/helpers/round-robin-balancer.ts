// A small layer-4 (TCP) load balancer on loopback for multi-node tests: each client connection goes to
// the next backend in turn. Passive health checks, as nginx's `max_fails=1 fail_timeout=…` or HAProxy's
// `redispatch` do: a backend whose connect fails is marked down for `failTimeoutMs` and the same client
// connection is dialled to the next backend (the client sees nothing); a connection that dies after it was
// established (a killed node) is reset towards the client, never retried. It keeps a record of which
// backend served each client connection, keyed by the client's port, so tests assert where a request
// went instead of assuming it.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type Backend = { host: string; port: number };

export type RoundRobinBalancer = {
  port: number;
  url: string;
  /** Adds a backend at the end of the rotation; returns its index. */
  add(backend: Backend): number;
  /** The index of the backend that served the client connection from `clientPort` (the latest one). */
  servedBy(clientPort: number): number | undefined;
  /** Connections handed to each backend, by index. */
  connections: number[];
  /** Failed connects to each backend, by index (each marked it down). */
  connectFailures: number[];
  close(): Promise<void>;
};

export async function startRoundRobinBalancer(options: { failTimeoutMs?: number } = {}): Promise<RoundRobinBalancer> {
  const failTimeoutMs = options.failTimeoutMs ?? 10_000;
  const backends: Backend[] = [];
  const downUntil: number[] = [];
  const connections: number[] = [];
  const connectFailures: number[] = [];
  const served = new Map<number, number>();
  const sockets = new Set<Socket>();
  let next = 0;

  /** The next backend in turn that is not marked down (all down: the next in turn anyway, as nginx does). */
  const pick = (tried: Set<number>): number | undefined => {
    const candidates = backends.map((_, offset) => (next + offset) % backends.length).filter((index) => !tried.has(index));
    const chosen = candidates.find((index) => downUntil[index]! <= Date.now()) ?? candidates[0];
    if (chosen !== undefined) next = (chosen + 1) % backends.length;
    return chosen;
  };

  const dial = (client: Socket, tried: Set<number>) => {
    const index = pick(tried);
    if (index === undefined) {
      client.resetAndDestroy();
      return;
    }
    tried.add(index);
    const upstream = createConnection(backends[index]!);
    let connected = false;
    sockets.add(upstream);
    upstream.once('connect', () => {
      connected = true;
      connections[index]! += 1;
      if (client.remotePort !== undefined) served.set(client.remotePort, index);
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (connected) {
        client.resetAndDestroy();
        return;
      }
      // Never connected: this backend is down; the client's bytes wait (paused) for the next one.
      connectFailures[index]! += 1;
      downUntil[index] = Date.now() + failTimeoutMs;
      if (!client.destroyed) dial(client, tried);
    });
    upstream.on('close', () => sockets.delete(upstream));
    client.once('close', () => upstream.destroy());
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.on('error', () => client.destroy());
    client.on('close', () => sockets.delete(client));
    dial(client, new Set());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    add(backend) {
      backends.push(backend);
      downUntil.push(0);
      connections.push(0);
      connectFailures.push(0);
      return backends.length - 1;
    },
    servedBy: (clientPort) => served.get(clientPort),
    connections,
    connectFailures,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
