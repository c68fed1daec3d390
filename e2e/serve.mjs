// Playwright's webServer command: builds (so the tests always run what the sources say now; E2E_SKIP_BUILD=1
// reuses a build you know is fresh), runs `node scripts/start.mjs`,
// passes its output through, and saves the one-time banner's test API key to
// $VAULT_DATA_DIR/e2e-api-key.txt for the tests (Playwright does not hand a server's stdout to tests, and the
// CLI cannot open the embedded database while the server holds it). On SIGTERM/SIGINT it lets the server
// drain and exit, then deletes the data folder when it is a throwaway one made by playwright.config.ts.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_KEY_FILE = 'e2e-api-key.txt'; // e2e/support.ts reads it
const KEY_PATTERN = /vk_test_[0-9A-Za-z]+/;

const dataDir = process.env.VAULT_DATA_DIR;
if (!dataDir) {
  process.stderr.write('e2e/serve.mjs: VAULT_DATA_DIR must be set (playwright.config.ts sets it)\n');
  process.exit(1);
}
if (!['1', 'true'].includes(process.env.E2E_SKIP_BUILD ?? '')) {
  const build = spawnSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const start = fileURLToPath(new URL('../scripts/start.mjs', import.meta.url));
const child = spawn(process.execPath, [start], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });

let pending = '';
let keySaved = false;
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (keySaved) return;
  // Keep a tail across chunks so a key split between two reads is still found whole.
  pending = (pending + chunk.toString('utf8')).slice(-4096);
  const match = KEY_PATTERN.exec(pending);
  // Wait for the character after the key: a match that ends the buffer might continue in the next chunk.
  if (match && match.index + match[0].length < pending.length) {
    writeFileSync(path.join(dataDir, API_KEY_FILE), `${match[0]}\n`, { mode: 0o600 });
    keySaved = true;
    pending = '';
  }
});

let stopping = false;
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.on(signal, () => {
    stopping = true;
    // Playwright signals the whole process group, so the server usually has it already; its shutdown is
    // idempotent, and this covers a signal sent to this process alone.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  if (process.env.E2E_OWNS_DATA_DIR === '1' && !process.env.E2E_KEEP_DATA) {
    try {
      rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // Best effort: it lives under the OS temp folder.
    }
  }
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
