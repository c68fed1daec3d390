// Applies the committed migrations in prisma/migrations: idempotent (the engine records each one in
// _prisma_migrations and takes an advisory lock, so concurrent starts are safe).
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { migrationsDir } from '../paths';
import { createSchemaEngine, noSchemaFilter, readMigrationList } from './schema-engine';

export async function applyMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await createSchemaEngine({ adapterFactory });
  try {
    const result = await engine.applyMigrations({ migrationsList: readMigrationList(migrationsDir), filters: noSchemaFilter });
    return result.appliedMigrationNames;
  } finally {
    engine.free();
  }
}
