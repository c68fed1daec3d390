// A minimal SMTP server on loopback that takes `delayMs` to accept each message, as a busy relay does:
// enough for nodemailer (no TLS, no auth), and it keeps each message's text.
import { createServer, type AddressInfo, type Socket } from 'node:net';

export type SlowSmtp = { url: string; messages: string[]; close(): Promise<void> };

export async function startSlowSmtp(delayMs: number): Promise<SlowSmtp> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 slow-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            const message = data.join('\n');
            data = null;
            setTimeout(() => {
              messages.push(message);
              reply('250 queued');
            }, delayMs);
          } else data.push(line);
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 slow-smtp');
        else if (verb === 'DATA') {
          data = [];
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
