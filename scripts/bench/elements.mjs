// Vault Elements in a real browser (BENCH_ONLY=elements): `elements.submit()` to its result, timed inside a
// merchant page on another origin with performance.now() (the card-number frame gathers the other two
// fields over their channel, posts the card to the vault, which tokenizes it, and the result comes back
// through the frame), p50 over fresh collect sessions; beside it the hosted checkout page's Largest
// Contentful Paint (PerformanceObserver, buffered) and the field page's weight (HTML + script, gzip).
// Debian's Chromium (/usr/bin/chromium) through Playwright; loopback only; PostgreSQL + Redis.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort } from './processes.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { QUICK, redisUrl, root } from './settings.mjs';
import { median, percentile } from './stats.mjs';
import { startVault, withNext } from './vault-server.mjs';

const SUBMITS = QUICK ? 10 : 30;
const CHECKOUT_LOADS = QUICK ? 3 : 7;
const SUBMIT_FLOOR_MS = 150;
const FIELD_PAGE_BUDGET = 12 * 1024;
const OWNER = 'bench-elements@vault.example';
const PASSWORD = 'bench-Elements-passw0rd-2030';
const CARD = { number: '4242424242424242', expiry: '1234', cvc: '123' };

/** The merchant's page: mounts the three fields for the session in its query and exposes the instance. */
function merchantPage(vaultUrl, session) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench shop</title></head><body>
<div id="card-number"></div><div id="card-expiry"></div><div id="card-cvc"></div>
<script type="module">
import { VaultElements } from '${vaultUrl}/elements.js';
const elements = VaultElements(${JSON.stringify({ vaultUrl, sessionId: session.id, clientSecret: session.client_secret })});
window.__ready = 0;
for (const [type, id] of [['cardNumber', 'card-number'], ['cardExpiry', 'card-expiry'], ['cardCvc', 'card-cvc']]) elements.create(type).mount('#' + id).on('ready', () => (window.__ready += 1));
window.__elements = elements;
</script></body></html>`;
}

function startMerchant(vaultUrl, port) {
  const sessions = new Map();
  const server = createServer((req, res) => {
    const id = new URL(req.url, 'http://localhost').searchParams.get('session');
    const session = sessions.get(id);
    res.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(session ? merchantPage(vaultUrl, session) : 'unknown session');
  });
  server.listen(port, '127.0.0.1');
  return { origin: `http://localhost:${port}`, sessions, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function json(response, status, what) {
  const body = await response.json();
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function submitTimes(browser, vault, merchant) {
  const times = [];
  const page = await browser.newPage();
  for (let run = 0; run < SUBMITS + 2; run += 1) {
    const session = await json(await fetch(`${vault.url}/collect-sessions`, { method: 'POST', headers: vault.headers, body: JSON.stringify({ parent_origin: merchant.origin }) }), 201, 'collect session');
    merchant.sessions.set(session.id, session);
    await page.goto(`${merchant.origin}/?session=${session.id}`);
    await page.waitForFunction(() => window.__ready === 3);
    for (const [id, value] of [['card-number', CARD.number], ['card-expiry', CARD.expiry], ['card-cvc', CARD.cvc]]) await page.frameLocator(`#${id} iframe`).locator('#field').pressSequentially(value);
    const elapsed = await page.evaluate(async () => {
      const started = performance.now();
      const result = await window.__elements.submit();
      if (!result.token) throw new Error('no token');
      return performance.now() - started;
    });
    if (run >= 2) times.push(elapsed); // the first two warm the server and the browser
  }
  await page.close();
  return times;
}

async function checkoutLcp(browser, vault) {
  const login = await json(await fetch(`${vault.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER, password: PASSWORD }) }), 200, 'owner login');
  const merchant = (
    await json(
      await fetch(`${vault.url}/api/merchants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
        body: JSON.stringify({ name: 'Bench Shop', project_id: vault.projectId, processor: { type: 'sandbox' } }),
      }),
      201,
      'merchant',
    )
  ).data;
  const values = [];
  for (let run = 0; run < CHECKOUT_LOADS + 1; run += 1) {
    const session = await json(
      await fetch(`${vault.url}/api/sessions/create`, {
        method: 'POST',
        headers: { ...vault.headers, 'x-service-api-key': merchant.service_api_key },
        body: JSON.stringify({ merchantId: merchant.id, amount: '24.90', currency: 'EUR', successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/cancel', errorUrl: 'https://shop.example/error' }),
      }),
      201,
      'checkout session',
    );
    const page = await browser.newPage();
    await page.goto(session.url, { waitUntil: 'load' });
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    await page.close();
    if (run >= 1) values.push(lcp);
  }
  return values;
}

export async function benchElements(masterKey) {
  console.log(`\n## Vault Elements: submit() to result (${SUBMITS} sessions) and the checkout page's LCP (Chromium, PostgreSQL + Redis)`);
  const script = readFileSync(join(root, 'public', 'elements-field.js'));
  const vault = await startVault('elements', {
    DATABASE_URL: await scratchDatabase('elements'), REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix('elements'), VAULT_MASTER_KEY: masterKey,
    VAULT_ADMIN_EMAIL: OWNER, VAULT_ADMIN_PASSWORD: PASSWORD, COLLECT_SUBMIT_LIMIT_PER_MINUTE: '100000',
  });
  const merchant = startMerchant(vault.url, await freePort());
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  try {
    const session = await json(await fetch(`${vault.url}/collect-sessions`, { method: 'POST', headers: vault.headers, body: JSON.stringify({ parent_origin: merchant.origin }) }), 201, 'collect session');
    const page = await (await fetch(`${vault.url}/elements/field?session=${session.id}&field=card_number&instance=${'b'.repeat(24)}`)).text();
    const weight = gzipSync(page).length + gzipSync(script).length;
    const times = await submitTimes(browser, vault, merchant);
    const p50 = median(times);
    console.log(`submit() to result: p50 ${p50.toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms over ${times.length} sessions`);
    const lcp = withNext ? median(await checkoutLcp(browser, vault)) : null;
    console.log(lcp === null ? 'checkout page LCP: not measured (no Next build)' : `checkout page LCP: median ${lcp.toFixed(0)} ms`);
    console.log(`field page (HTML + script, gzip): ${(weight / 1024).toFixed(1)} KB`);
    return [
      figure('Elements submit() to result, p50', `${p50.toFixed(1)} ms (p95 ${percentile(times, 0.95).toFixed(1)} ms)${lcp === null ? '' : `; checkout page LCP ${lcp.toFixed(0)} ms`}`, `≤ ${SUBMIT_FLOOR_MS} ms`, '—', p50 <= SUBMIT_FLOOR_MS, false, [{ value: p50, floor: SUBMIT_FLOOR_MS }]),
      figure('Elements field page weight (HTML + script, gzip)', `${(weight / 1024).toFixed(1)} KB`, `≤ ${FIELD_PAGE_BUDGET / 1024} KB`, '—', weight <= FIELD_PAGE_BUDGET, false, [{ value: weight, floor: FIELD_PAGE_BUDGET }]),
    ];
  } finally {
    await browser.close();
    await merchant.close();
    await vault.stop();
  }
}
