#!/usr/bin/env node
// `npx vault …`: runs the bundled CLI, (re)building the bundle first when lib/ is newer than it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'cli.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'generated' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// The production image ships the bundle without lib/: nothing to rebuild from, the bundle is the CLI.
const sources = join(root, 'lib');
if (!existsSync(bundle) || (existsSync(sources) && statSync(bundle).mtimeMs < newestSource(sources))) {
  const { buildServer } = await import('../scripts/build-server.mjs');
  await buildServer();
}
await import(bundle);
