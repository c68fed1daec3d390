// Loaded into a bench vault server with --import (round-trips.mjs): counts round trips to PostgreSQL and
// Redis. PostgreSQL: every Client#query (one statement, or BEGIN/COMMIT, each an exchange). Redis: every
// command sent on its own, and every pipeline or MULTI as one (its commands are written together). On
// SIGUSR2 the counts so far are written as JSON to BENCH_ROUND_TRIPS_FILE. Both packages are the ones the
// server bundle loads from node_modules (it keeps dependencies external), so the patched prototypes are its.
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import Redis from 'ioredis';

const counts = { postgresql: 0, redis: 0 };
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  counts.postgresql++;
  return query.apply(this, args);
};
const sendCommand = Redis.prototype.sendCommand;
Redis.prototype.sendCommand = function countedCommand(command, stream, ...rest) {
  if (!stream) counts.redis++; // a pipeline's commands come with its stream: counted once, below
  return sendCommand.call(this, command, stream, ...rest);
};
const { default: { default: Pipeline } } = await import('ioredis/built/Pipeline.js');
const exec = Pipeline.prototype.exec;
Pipeline.prototype.exec = function countedPipeline(...args) {
  counts.redis++;
  return exec.apply(this, args);
};
process.on('SIGUSR2', () => writeFileSync(process.env.BENCH_ROUND_TRIPS_FILE, JSON.stringify(counts)));
