// `npm run build`: the Next.js app (dashboard and checkout pages) and the server/CLI bundles.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const nextCli = fileURLToPath(new URL('../node_modules/next/dist/bin/next', import.meta.url));
const result = spawnSync(process.execPath, [nextCli, 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
if (result.status !== 0) process.exit(result.status ?? 1);
await buildServer();
