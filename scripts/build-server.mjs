// Bundles the server and the CLI (TypeScript under lib/) into dist/ with esbuild. Dependencies stay
// external (resolved from node_modules at run time). Fast (~1 s), so the CLI can build itself on demand.
// Both must stay so for tracing: OpenTelemetry's instrumentations patch pg, ioredis and node:http as
// node_modules packages when they load; a bundled copy would never be patched. The server's entry
// (lib/server/entry.ts) starts tracing before it imports main.ts: with `splitting`, those dynamic imports
// are chunks of their own (dist/chunk-*.mjs, loaded only when imported), not code hoisted into server.mjs.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: { server: 'lib/server/entry.ts', cli: 'lib/cli/main.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
