// A merchant's test site for the hosted checkout e2e tests (playwright.config.ts starts it). It runs on two
// other origins than the checkout: the merchant (http://localhost:$MERCHANT_PORT) and an unrelated third
// party (http://localhost:$THIRD_PARTY_PORT); the checkout is http://127.0.0.1:$port. Like a real merchant
// backend it signs in to the vault as the owner once, creates a sandbox merchant and an application key, and
// creates checkout sessions server-side; its pages embed the checkout with the SDK ({checkout}/checkout.js).
//
// Merchant origin:
//   GET  /shop?mode=redirect|popup|iframe|new_tab[&amount=&currency=&expires=&url=1&height=&session_mode=setup]
//        a shop page with a fresh session and a "Pay" button (VaultCheckout.open; `height` is the SDK's iframe
//        height option; `session_mode=setup` makes a setup session: a card saved, no amount); events land in
//        window.__events and #events.
//   POST /sessions {mode, sessionMode?, amount?, currency?, merchantName?, expires?, parentOrigin?}  → the
//        vault's create answer (JSON).
//   GET  /sessions/{id}  → the vault's GET /api/sessions/{id} answer (server-side confirmation).
//   GET  /return/{success|cancel|error}?…  the return pages; their query is shown in #query.
//   GET  /elements…  Vault Elements card fields on the merchant's page (elements-pages.mjs).
// Third-party origin:
//   GET  /frame?src=<checkout url>  frames a checkout page directly and records every message it receives.
//   GET  /forge  a third party's widget the shop embeds with /shop?forge=1 (the tests forge messages from it).
// Only loopback: it listens on 127.0.0.1 and talks to the vault on 127.0.0.1.
import { createServer } from 'node:http';
import { elementsHandler } from './elements-pages.mjs';

const checkoutUrl = (process.env.CHECKOUT_URL ?? 'http://127.0.0.1:3917').replace(/\/+$/, '');
const merchantPort = Number(process.env.MERCHANT_PORT ?? 3918);
const thirdPartyPort = Number(process.env.THIRD_PARTY_PORT ?? 3919);
const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'owner@e2e.test';
const adminPassword = process.env.E2E_ADMIN_PASSWORD;
if (!adminPassword) {
  process.stderr.write('e2e/merchant-site: E2E_ADMIN_PASSWORD must be set (playwright.config.ts sets it)\n');
  process.exit(1);
}

const merchantOrigin = `http://localhost:${merchantPort}`;
const thirdPartyOrigin = `http://localhost:${thirdPartyPort}`;

// ---- the merchant's backend: credentials made once, on first use ----

async function vault(path, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(`${checkoutUrl}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  return { status: response.status, json };
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

let credentials;
function setup() {
  credentials ??= (async () => {
    const login = expectStatus(await vault('/auth/login', { method: 'POST', body: { email: adminEmail, password: adminPassword } }), 200, 'login');
    const auth = { authorization: `Bearer ${login.token}` };
    const merchant = expectStatus(
      await vault('/api/merchants', { method: 'POST', headers: auth, body: { name: 'E2E Coffee Roasters', processor: { type: 'sandbox' } } }),
      201,
      'create merchant',
    ).data;
    const application = expectStatus(
      await vault('/api/applications', {
        method: 'POST',
        headers: auth,
        body: { name: 'E2E shop backend', project_id: merchant.project_id, permissions: { tokenization: { allowed: true } } },
      }),
      201,
      'create application',
    ).data;
    return { merchantId: merchant.id, serviceKey: merchant.service_api_key, apiKey: application.api_key };
  })().catch((error) => {
    credentials = undefined;
    throw error;
  });
  return credentials;
}

async function createSession({ mode = 'redirect', sessionMode = 'payment', amount = '24.90', currency = 'EUR', merchantName, expires, parentOrigin } = {}) {
  const keys = await setup();
  const body = {
    merchantId: keys.merchantId,
    // A setup session saves a card and charges nothing: it takes no amount or currency.
    ...(sessionMode === 'setup' ? { mode: 'setup' } : { amount, currency }),
    ...(merchantName ? { merchantName } : {}),
    successUrl: `${merchantOrigin}/return/success?order=1042`,
    cancelUrl: `${merchantOrigin}/return/cancel?order=1042`,
    errorUrl: `${merchantOrigin}/return/error?order=1042`,
    ...(mode === 'redirect' ? {} : { embedMode: mode, parentOrigin: parentOrigin ?? merchantOrigin }),
    ...(expires ? { expiresInSeconds: Number(expires) } : {}),
  };
  return vault('/api/sessions/create', { method: 'POST', headers: { 'x-api-key': keys.apiKey, 'x-service-api-key': keys.serviceKey }, body });
}

async function sessionStatus(id) {
  const keys = await setup();
  return vault(`/api/sessions/${encodeURIComponent(id)}`, { headers: { 'x-api-key': keys.apiKey, 'x-service-api-key': keys.serviceKey } });
}

// ---- pages ----

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** JSON for a <script> block: `<` escaped so no value can close the element. */
function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f4f4f5;color:#18181b}
#checkout{max-width:520px;margin-top:16px}button{font:inherit;padding:8px 16px}</style>
</head><body>${body}</body></html>`;
}

function shopPage(session, mode, options) {
  const config = { sessionId: session.sessionId, url: options.useUrl ? session.url : undefined, mode, height: options.height };
  const forge = options.forge
    ? `<iframe id="forger" title="Third-party widget" src="${thirdPartyOrigin}/forge" style="width:320px;height:60px;border:1px dashed #999"></iframe>`
    : '';
  return page(
    `E2E Shop — ${mode}`,
    `<h1>E2E Coffee Roasters</h1>
<p>Order 1042 · <span id="session-id">${escapeHtml(session.sessionId)}</span> · mode <span id="mode">${escapeHtml(mode)}</span></p>
<button id="pay" type="button">Pay with Vault</button>
<button id="close" type="button">Close checkout</button>
<div id="checkout"></div>
${forge}
<h2>Events</h2><ol id="events"></ol>
<script src="${checkoutUrl}/checkout.js"></script>
<script>
  window.__events = [];
  window.__errors = [];
  var config = ${scriptJson(config)};
  var handle = null;
  function log(message) {
    window.__events.push(message);
    var item = document.createElement('li');
    item.textContent = message.type + (message.error ? ' ' + message.error.code : '');
    document.getElementById('events').appendChild(item);
  }
  document.getElementById('pay').addEventListener('click', function () {
    try {
      handle = VaultCheckout.open({
        sessionId: config.sessionId, url: config.url, mode: config.mode, container: '#checkout', height: config.height,
        onReady: log, onSuccess: log, onError: log, onCancel: log, onExpired: log,
      });
    } catch (error) {
      window.__errors.push(String(error && error.message));
    }
  });
  document.getElementById('close').addEventListener('click', function () { if (handle) handle.close(); });
</script>`,
  );
}

function returnPage(kind, url) {
  const query = Object.fromEntries(url.searchParams);
  return page(
    `Return — ${kind}`,
    `<h1>Return: ${escapeHtml(kind)}</h1><pre id="query">${escapeHtml(JSON.stringify(query))}</pre>
<script>window.__return = ${scriptJson({ kind, query })};</script>`,
  );
}

function framePage(src) {
  return page(
    'Third party framing a checkout',
    `<h1>Third party</h1>
<iframe id="checkout-frame" title="checkout" src="${escapeHtml(src)}" style="width:480px;height:640px"></iframe>
<script>
  window.__messages = [];
  window.addEventListener('message', function (event) { window.__messages.push({ origin: event.origin, data: event.data }); });
</script>`,
  );
}

/** A third party's widget inside the shop page; the tests make it post forged messages to its parent. */
function forgePage() {
  return page('Third-party widget', '<p>third-party widget</p>');
}

// ---- HTTP ----

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

async function merchantHandler(req, res) {
  const url = new URL(req.url ?? '/', merchantOrigin);
  if (url.pathname === '/health') return send(res, 200, 'application/json', '{"status":"ok"}');
  if (req.method === 'GET' && url.pathname === '/shop') {
    const mode = url.searchParams.get('mode') ?? 'redirect';
    const created = await createSession({
      mode,
      sessionMode: url.searchParams.get('session_mode') ?? undefined,
      amount: url.searchParams.get('amount') ?? undefined,
      currency: url.searchParams.get('currency') ?? undefined,
      expires: url.searchParams.get('expires') ?? undefined,
    });
    if (created.status !== 201) return send(res, 502, 'application/json', JSON.stringify(created.json));
    const height = url.searchParams.get('height') ?? undefined;
    const options = { useUrl: url.searchParams.get('url') === '1', forge: url.searchParams.get('forge') === '1', height: height && /^\d+$/.test(height) ? Number(height) : height };
    return send(res, 200, 'text/html; charset=utf-8', shopPage(created.json, mode, options));
  }
  if (req.method === 'POST' && url.pathname === '/sessions') {
    const created = await createSession(await readJson(req));
    return send(res, created.status, 'application/json', JSON.stringify(created.json));
  }
  const status = /^\/sessions\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && status) {
    const answer = await sessionStatus(decodeURIComponent(status[1]));
    return send(res, answer.status, 'application/json', JSON.stringify(answer.json));
  }
  if (req.method === 'GET' && (url.pathname === '/elements' || url.pathname.startsWith('/elements/'))) {
    return elementsHandler(req, res, url, { vault, setup, send, escapeHtml, scriptJson, checkoutUrl, merchantOrigin });
  }
  const returned = /^\/return\/(success|cancel|error)$/.exec(url.pathname);
  if (req.method === 'GET' && returned) return send(res, 200, 'text/html; charset=utf-8', returnPage(returned[1], url));
  return send(res, 404, 'text/plain', 'not found');
}

async function thirdPartyHandler(req, res) {
  const url = new URL(req.url ?? '/', thirdPartyOrigin);
  if (url.pathname === '/health') return send(res, 200, 'application/json', '{"status":"ok"}');
  if (req.method === 'GET' && url.pathname === '/frame') {
    const src = url.searchParams.get('src') ?? '';
    if (!src.startsWith(`${checkoutUrl}/`)) return send(res, 400, 'text/plain', 'src must be a checkout URL');
    return send(res, 200, 'text/html; charset=utf-8', framePage(src));
  }
  if (req.method === 'GET' && url.pathname === '/forge') return send(res, 200, 'text/html; charset=utf-8', forgePage());
  return send(res, 404, 'text/plain', 'not found');
}

function serve(handler, port) {
  const server = createServer((req, res) => {
    handler(req, res).catch((error) => {
      process.stderr.write(`e2e/merchant-site: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) send(res, 500, 'text/plain', 'merchant site error');
      else res.end();
    });
  });
  server.listen(port, '127.0.0.1');
  return server;
}

const servers = [serve(merchantHandler, merchantPort), serve(thirdPartyHandler, thirdPartyPort)];
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    for (const server of servers) server.close();
    process.exit(0);
  });
}
