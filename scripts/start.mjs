// `npm start`: builds first when no build exists (fresh clone), then runs the production server.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const needsNext = !['1', 'true'].includes(process.env.VAULT_API_ONLY ?? '');
if ((needsNext && !existsSync(`${root}/.next/BUILD_ID`)) || !existsSync(`${root}/dist/server.mjs`)) {
  console.log('No build found: building once (npm run build)…');
  const result = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import(`${root}/dist/server.mjs`);
