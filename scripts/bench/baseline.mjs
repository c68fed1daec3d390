// The benchmark's baseline: the same essential work as POST /tokenize on bare node:http — parse JSON,
// AES-256-GCM encrypt, one INSERT with pg — and nothing else (no auth, no validation, no audit).
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline (id uuid PRIMARY KEY, ciphertext bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
const key = randomBytes(32);

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([iv, cipher.update(JSON.stringify(body.data)), cipher.final(), cipher.getAuthTag()]);
      const id = randomUUID();
      await pool.query('INSERT INTO bench_baseline (id, ciphertext) VALUES ($1, $2)', [id, ciphertext]);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, token: id }));
    } catch {
      res.writeHead(500);
      res.end();
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
