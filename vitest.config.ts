import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `@/…` is the project root, as in tsconfig.json's `paths` (Next, esbuild and tsx read that; Vite needs it here).
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  test: {
    include: ['lib/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at once even on 2 cores (vitest's default is one fewer than the cores): most files wait on
    // PostgreSQL, Redis, spawned servers or timers, not on the CPU.
    maxWorkers: 2,
    globalSetup: ['tests/global-setup.ts'],
  },
});
