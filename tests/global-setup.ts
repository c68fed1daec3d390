// Once per `npm test`: with DATABASE_URL (CI), a fresh PostgreSQL database for this run, migrated once
// and dropped at the end; without it, each test file runs on its own in-memory PGlite. One database is one
// installation: every vault on it uses the run's master key (it wraps the database's service root key).
// Also bundles the server (dist/server.mjs) for the tests that start real server processes.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.mjs';
import { connectDatabase } from '../lib/db/connect';
import { createScratchDatabase } from './helpers/scratch-database';

export default async function setup(project: TestProject) {
  await buildServer();
  const baseUrl = process.env.DATABASE_URL;
  project.provide('masterKey', randomBytes(32).toString('base64'));
  if (!baseUrl) {
    project.provide('databaseUrl', '');
    return;
  }
  const database = await createScratchDatabase(baseUrl);
  const db = await connectDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 });
  await db.migrate();
  await db.close();
  project.provide('databaseUrl', database.url);
  return () => database.drop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The master key of the run's PostgreSQL database (base64). */
    masterKey: string;
  }
}
