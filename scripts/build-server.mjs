// Bundles the server and the CLI (TypeScript under lib/) into dist/ with esbuild. Dependencies stay
// external (resolved from node_modules at run time). Fast (~1 s), so the CLI can build itself on demand.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: { server: 'lib/server/main.ts', cli: 'lib/cli/main.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
