// Prisma CLI configuration. Only `prisma generate` is used from the CLI (offline-safe);
// migrations are applied by lib/db/migrate.ts through Prisma's WebAssembly schema engine.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
