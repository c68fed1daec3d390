// postinstall: generate the Prisma client offline.
// `prisma generate` needs no engine for the `prisma-client` generator, but the CLI still looks for the
// schema-engine binary it would download; pointing it at any existing file keeps it offline.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const prismaCli = fileURLToPath(new URL('../node_modules/prisma/build/index.js', import.meta.url));
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const result = spawnSync(process.execPath, [prismaCli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
