// Once per `npm test`: with DATABASE_URL (CI), a fresh PostgreSQL database for this run, migrated once
// and dropped at the end; without it, each test file runs on its own in-memory PGlite.
// Also bundles the server (dist/server.mjs) for the tests that start real server processes.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.mjs';
import { connectDatabase } from '../lib/db/connect';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  await buildServer();
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    project.provide('databaseUrl', '');
    return;
  }
  const name = `vault_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(baseUrl, name);
  const db = await connectDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2 });
  await db.migrate();
  await db.close();
  project.provide('databaseUrl', url);

  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
