// The benchmark's PSP: a minimal local HTTPS server answering a small JSON body, keep-alive.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const server = createServer({ key: readFileSync(process.env.TLS_KEY), cert: readFileSync(process.env.TLS_CERT), keepAliveTimeout: 65_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id":"ch_1","status":"succeeded"}');
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
