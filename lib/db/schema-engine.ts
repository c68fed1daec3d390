// Prisma's WebAssembly schema engine, driven over a driver adapter: migrations without the native binary
// (which `prisma migrate` would download, and these machines cannot).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';

type EngineModule = typeof import('@prisma/schema-engine-wasm');

let engineModule: Promise<EngineModule> | undefined;

/** Node cannot import .wasm, so the module's generated glue is wired to an instance made by hand. */
async function loadEngineModule(): Promise<EngineModule> {
  const require = createRequire(import.meta.url);
  // webpackIgnore keeps Next's bundler from resolving these at build time: they must load from
  // node_modules at run time (the glue is an ES module that is wired to a hand-made instance).
  const packageDir = dirname(require.resolve(/* webpackIgnore: true */ '@prisma/schema-engine-wasm/schema_engine_bg'));
  const glueUrl = pathToFileURL(join(packageDir, 'schema_engine_bg.js')).href;
  const glue = (await import(/* webpackIgnore: true */ glueUrl)) as EngineModule & {
    __wbg_set_wasm(exports: WebAssembly.Exports): void;
  };
  const bytes = readFileSync(join(packageDir, 'schema_engine_bg.wasm'));
  const imports = { './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue;
}

export async function createSchemaEngine(options: {
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  schema?: { path: string; content: string };
}): Promise<SchemaEngine> {
  engineModule ??= loadEngineModule();
  const { SchemaEngine } = await engineModule;
  const datamodels: [string, string][] | undefined = options.schema ? [[options.schema.path, options.schema.content]] : undefined;
  const ignoreLog = () => {};
  return SchemaEngine.new({ datamodels }, ignoreLog, bindMigrationAwareSqlAdapterFactory(options.adapterFactory));
}

/** Reads prisma/migrations in the shape the engine expects (what the CLI would pass it). */
export function readMigrationList(baseDir: string): MigrationList {
  const lockPath = join(baseDir, 'migration_lock.toml');
  const directories = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: directories.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: readFileSync(join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

export const noSchemaFilter = { externalTables: [], externalEnums: [] };
