// N real server processes (dist/server.mjs) on one configuration, behind the round-robin balancer, as a
// deployment runs them. Every call opens its own connection (`Connection: close`), so each request is
// balanced on its own and the balancer's record says which node served it.
import { request } from 'node:http';
import { startRoundRobinBalancer, type RoundRobinBalancer } from './round-robin-balancer';
import { spawnServer, type ServerProcess } from './spawn-server';
import type { ApiResponse, CallOptions } from './test-vault';

/** An answer and the node (index into `nodes`) that gave it. */
export type NodeResponse = ApiResponse & { node: number };

export type NodeCluster = {
  /** The balancer's URL: every node's APP_URL (and so CHECKOUT_URL). */
  url: string;
  balancer: RoundRobinBalancer;
  nodes: ServerProcess[];
  /** A call through the balancer; a call that gets no answer rejects with a TransportError. */
  call(method: string, path: string, options?: CallOptions): Promise<NodeResponse>;
  /** A call straight to one node, bypassing the balancer. */
  callNode(node: number, method: string, path: string, options?: CallOptions): Promise<NodeResponse>;
  close(): Promise<void>;
};

/** A request that got no answer (connection refused, reset, closed): where it was routed, if it was. */
export type TransportError = NodeJS.ErrnoException & { clientPort?: number; node?: number };

/** One HTTP exchange on a connection of its own; resolves with the answer and the client's port. */
function exchange(base: string, method: string, path: string, options: CallOptions): Promise<ApiResponse & { clientPort: number }> {
  const headers: Record<string, string> = { connection: 'close', ...options.headers };
  if (options.key) headers['x-api-key'] = options.key;
  if (options.pubKey) headers['x-pub-key'] = options.pubKey;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers, agent: false }, (incoming) => {
      // Read while the connection is still open: its port cannot have been reused by another connection yet.
      const clientPort = incoming.socket.localPort!;
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
        resolve({ status: incoming.statusCode!, headers: responseHeaders, text, json, clientPort });
      });
    });
    let clientPort: number | undefined;
    outgoing.once('socket', (socket) => socket.once('connect', () => (clientPort = socket.localPort)));
    outgoing.on('error', (error) => reject(Object.assign(error, { clientPort })));
    outgoing.end(body);
  });
}

/**
 * Starts the balancer, then `count` servers at once on `env` (APP_URL set to the balancer's URL), each
 * added to the rotation in start order. A server that fails to start stops the others.
 */
export async function startNodeCluster(options: { count: number; env: Record<string, string> }): Promise<NodeCluster> {
  const balancer = await startRoundRobinBalancer();
  const started = await Promise.allSettled(Array.from({ length: options.count }, () => spawnServer({ ...options.env, APP_URL: balancer.url })));
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
    await balancer.close();
    throw failed.reason;
  }
  for (const node of nodes) balancer.add({ host: '127.0.0.1', port: Number(new URL(node.url).port) });

  return {
    url: balancer.url,
    balancer,
    nodes,
    async call(method, path, callOptions = {}) {
      const { clientPort, ...response } = await exchange(balancer.url, method, path, callOptions).catch((error: TransportError) => {
        // Looked up before any other connection can have been routed from the same port (no I/O since).
        throw Object.assign(error, { node: error.clientPort === undefined ? undefined : balancer.servedBy(error.clientPort) });
      });
      const node = balancer.servedBy(clientPort);
      if (node === undefined) throw new Error(`the balancer has no record of the connection from port ${clientPort}`);
      return { ...response, node };
    },
    async callNode(node, method, path, callOptions = {}) {
      const { clientPort: _port, ...response } = await exchange(nodes[node]!.url, method, path, callOptions);
      return { ...response, node };
    },
    async close() {
      await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
      await balancer.close();
    },
  };
}
