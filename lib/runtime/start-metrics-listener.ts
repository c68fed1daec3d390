// METRICS_PORT: a listener of its own that serves GET /metrics and nothing else, with no token, so a
// scraper on the private network needs no secret and the API's port needs no metrics route exposed.
// Not counted in the HTTP metrics (scrapes would be most of them) and never handed to the API or Next.
import { createServer, type Server } from 'node:http';
import type { Logger } from '../logger';
import { metricsText } from './metrics-text';

export async function startMetricsListener(options: { port: number; host: string; logger: Pick<Logger, 'warn'> }): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.logger.warn({ err: error }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    // The start's error names the setting: `METRICS_PORT 9464: listen EADDRINUSE …`.
    const refuse = (error: Error) => reject(new Error(`METRICS_PORT ${options.port}: ${error.message}`, { cause: error }));
    server.once('error', refuse);
    server.listen(options.port, options.host, () => {
      server.off('error', refuse);
      resolve();
    });
  });
  return server;
}
