// Shared by the e2e specs: the test API key the server printed in its one-time banner, which
// e2e/serve.mjs saved into the run's data folder (playwright.config.ts makes it and sets E2E_DATA_DIR).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const API_KEY_FILE = 'e2e-api-key.txt';

let cached: string | undefined;

export function testApiKey(): string {
  if (cached) return cached;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  const file = path.join(dataDir, API_KEY_FILE);
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`${file} is missing: the server did not print a bootstrap banner (was its data folder empty?)`);
  }
  if (!/^vk_test_[0-9A-Za-z]+$/.test(key)) throw new Error(`${file} does not hold a vk_test_ key`);
  cached = key;
  return key;
}
