// Scratch state the bench makes and removes: PostgreSQL databases, and Redis keys under its own prefixes.
import Redis from 'ioredis';
import pg from 'pg';
import { baseDatabaseUrl, redisUrl } from './settings.mjs';

const stamp = `${Date.now()}`;
const databases = [];
const redisPrefixes = [];
let admin;

/** A fresh database named vault_bench_<stamp>_<name>; returns its URL. */
export async function scratchDatabase(name) {
  if (!admin) {
    admin = new pg.Client({ connectionString: baseDatabaseUrl });
    await admin.connect();
  }
  const database = `vault_bench_${stamp}_${name}`;
  await admin.query(`CREATE DATABASE ${database}`);
  databases.push(database);
  return Object.assign(new URL(baseDatabaseUrl), { pathname: `/${database}` }).toString();
}

/** A Redis key prefix of this run; its keys are deleted at the end (idempotency records live 24 h). */
export function scratchRedisPrefix(name) {
  const prefix = `vault-bench-${stamp}-${name}:`;
  redisPrefixes.push(prefix);
  return prefix;
}

export async function dropScratch() {
  // BENCH_KEEP_SCRATCH=1: leave the scratch databases for a look at their plans (their names are printed).
  if (admin && process.env.BENCH_KEEP_SCRATCH === '1') {
    console.log(`scratch databases kept: ${databases.join(', ')}`);
    await admin.end();
  } else if (admin) {
    for (const database of databases) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error) => console.error(`could not drop ${database}: ${error.message}`));
    await admin.end();
  }
  if (!redisPrefixes.length) return;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const prefix of redisPrefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } catch (error) {
    console.error(`could not delete the bench's Redis keys: ${error.message}`);
  } finally {
    redis.disconnect();
  }
}
