// One Prisma client on a driver adapter: PostgreSQL (adapter-pg) when DATABASE_URL is set, otherwise
// embedded PGlite under VAULT_DATA_DIR. Same schema, same migrations, same code above both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from './generated/client';
import { lockEmbeddedDatabase } from './embedded-lock';
import { applyMigrations } from './migrate';

export type Database = {
  prisma: PrismaClient;
  kind: 'postgresql' | 'pglite';
  /** Applies pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize: number;
};

export async function connectDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? connectPostgres(options.databaseUrl, options.poolSize) : connectPglite(options.dataDir);
}

async function connectPostgres(connectionString: string, poolSize: number): Promise<Database> {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const factory = new PrismaPg({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 });
  return wrap('postgresql', factory, async () => {});
}

async function connectPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  let location = 'memory://';
  let unlock = () => {};
  if (dataDir !== 'memory://') {
    location = join(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true, mode: 0o700 });
    unlock = lockEmbeddedDatabase(dataDir);
  }
  try {
    const pglite = await PGlite.create(location);
    return wrap('pglite', new PrismaPGlite(pglite), async () => {
      await pglite.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

function wrap(kind: Database['kind'], factory: SqlMigrationAwareDriverAdapterFactory, closeDriver: () => Promise<void>): Database {
  const prisma = new PrismaClient({ adapter: factory });
  return {
    prisma,
    kind,
    migrate: () => applyMigrations(factory),
    async ping() {
      await prisma.$queryRawUnsafe('SELECT 1');
    },
    async close() {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
