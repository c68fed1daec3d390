// A loopback TCP relay in front of a real service (PostgreSQL): tests cut it to simulate an outage
// and restore it on the same port to watch recovery, black-hole it (connections stay open, nothing is
// delivered either way until it heals, as on a partitioned network) or reset every connection (RST).
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpRelay = {
  port: number;
  /** Closes every connection and stops listening (new connections are refused). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Connections (open and new) stay up but nothing is delivered; what was sent waits for `heal`. */
  blackHole(): void;
  /** Delivers what waited, in order, and forwards again. */
  heal(): void;
  /** Resets every open connection (both sides see ECONNRESET); new ones are accepted as before. */
  reset(): void;
  close(): Promise<void>;
};

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let blackHoled = false;
  let held: (() => void)[] = [];
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      const deliver = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (blackHoled) held.push(deliver);
      else deliver();
    });
  };
  const listen = async () => {
    server = createServer((client) => {
      const upstream = createConnection(target);
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      forward(client, upstream);
      forward(upstream, client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    held = [];
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  };
  await listen();
  return {
    port,
    cut: stop,
    restore: listen,
    blackHole() {
      blackHoled = true;
    },
    heal() {
      blackHoled = false;
      for (const deliver of held.splice(0)) deliver();
    },
    reset() {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      held = [];
    },
    close: async () => {
      blackHoled = false;
      await stop();
    },
  };
}
