// A loopback TCP relay in front of a real service (PostgreSQL): tests cut it to simulate an outage
// and restore it on the same port to watch recovery.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpRelay = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
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
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  };
  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}
