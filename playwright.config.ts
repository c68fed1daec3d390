// Browser tests (e2e/) in Debian's Chromium (/usr/bin/chromium), never a downloaded browser. Playwright
// starts the real production server (`node scripts/start.mjs`, which builds first when no build exists)
// on its own port, on the embedded default (PGlite + in-process store) in a fresh temporary data folder,
// and a merchant's test site (e2e/merchant-site/) on two other origins for the hosted checkout tests.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${port}`;
// The merchant's site and an unrelated third party: other origins than the checkout (localhost, not
// 127.0.0.1, and other ports). Tests read them from the environment (workers inherit it).
const merchantPort = port + 1;
const thirdPartyPort = port + 2;
/** The merchant's Next.js shop (e2e/merchant-next, `vault/react`): another origin again. */
const merchantNextPort = port + 3;
process.env.E2E_CHECKOUT_ORIGIN ??= baseURL;
process.env.E2E_MERCHANT_ORIGIN ??= `http://localhost:${merchantPort}`;
process.env.E2E_THIRD_PARTY_ORIGIN ??= `http://localhost:${thirdPartyPort}`;
process.env.E2E_MERCHANT_NEXT_ORIGIN ??= `http://localhost:${merchantNextPort}`;

// This module is loaded by the runner and again by every worker; workers inherit the runner's
// environment, so the folder is made once per run and the tests (e2e/support.ts) find it here.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'vault-e2e-'));
  process.env.E2E_OWNS_DATA_DIR = '1'; // e2e/serve.mjs deletes it once the server has stopped
}
const dataDir = process.env.E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

/** The owner's password on the e2e server (16+ characters); the bootstrap banner prints the API key. */
export const E2E_ADMIN_PASSWORD = 'e2e-Owner-passw0rd-2030';
const E2E_ADMIN_EMAIL = 'owner@e2e.test';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            // Containers often give /dev/shm only 64 MB; Chromium then crashes on larger pages.
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'node e2e/serve.mjs',
      url: `${baseURL}/health`,
      // A cold start builds Next.js and the server bundle first (~30–60 s on 2 cores).
      timeout: 240_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        VAULT_DATA_DIR: dataDir,
        // Embedded default even where CI exports PostgreSQL and Redis URLs (blank means unset).
        DATABASE_URL: '',
        REDIS_URL: '',
        VAULT_MASTER_KEY: '',
        VAULT_API_ONLY: 'false',
        VAULT_ADMIN_EMAIL: E2E_ADMIN_EMAIL,
        VAULT_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        // Checkout sessions may live only a few seconds here, so the expiry tests need not wait a minute.
        CHECKOUT_MIN_EXPIRY_SECONDS: '3',
        // Every checkout test pays from 127.0.0.1: the card-testing limit (10 a minute per IP) is raised.
        CHECKOUT_PAY_LIMIT_PER_MINUTE: '10000',
        // Every spec signs in from 127.0.0.1: the whole suite signs in more than 100 times in 15 minutes.
        LOGIN_ATTEMPTS_PER_IP: '10000',
        // Local PSPs on loopback (test projects without a list may reach them).
        PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost',
        // The webhooks spec's receiver listens on loopback (http://localhost:<port>, allowed in test projects):
        // webhook URLs naming localhost are refused unless this names it. No spec relies on it being refused.
        WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost',
        LOG_LEVEL: 'warn',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
    {
      // Signs in to the vault lazily (on its first request), so it may start before the vault is up.
      command: 'node e2e/merchant-site/server.mjs',
      url: `http://127.0.0.1:${merchantPort}/health`,
      timeout: 20_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        CHECKOUT_URL: baseURL,
        MERCHANT_PORT: String(merchantPort),
        THIRD_PARTY_PORT: String(thirdPartyPort),
        E2E_ADMIN_EMAIL,
        E2E_ADMIN_PASSWORD,
      },
    },
    {
      // `next dev` compiles the one page on first request (a few seconds); no build step.
      command: `node node_modules/next/dist/bin/next dev e2e/merchant-next --port ${merchantNextPort} --hostname 127.0.0.1`,
      url: `http://127.0.0.1:${merchantNextPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { CHECKOUT_URL: baseURL, MERCHANT_PORT: String(merchantPort), MERCHANT_NEXT_PORT: String(merchantNextPort), NEXT_TELEMETRY_DISABLED: '1' },
    },
  ],
});
