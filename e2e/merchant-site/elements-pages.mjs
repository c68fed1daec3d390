// The merchant test site's Vault Elements pages (server.mjs routes /elements… here). Like a real merchant,
// the backend opens the collect session with its API key and gives the page only the session id and its
// client secret; the page mounts the three fields from {checkout}/elements.js (or the classic-script build
// with global=1) and records what a merchant's page can see: every `message` event it receives (to prove
// none carries a digit), the elements' events, and the submit result or error.
//
//   GET /elements?[fields=card_number,card_expiry][&secret=bad][&global=1][&style=<json>]  the form
//   GET /elements/session/{id}          the vault's GET /collect-sessions/{id} answer (server side)
//   GET /elements/detokenize?token=…    the vault's POST /detokenize answer (server side)
//   GET /elements/new-session?parent_origin=…  a collect session for another shop page (the Next.js one)

/** `deps`: { vault, setup, send, escapeHtml, scriptJson, checkoutUrl, merchantOrigin } from server.mjs. */
export async function elementsHandler(req, res, url, deps) {
  const { vault, setup, send } = deps;
  const keys = await setup();
  const headers = { 'x-api-key': keys.apiKey };
  if (url.pathname === '/elements') {
    const fields = url.searchParams.get('fields')?.split(',');
    const created = await vault('/collect-sessions', { method: 'POST', headers, body: { parent_origin: deps.merchantOrigin, ...(fields ? { fields } : {}) } });
    if (created.status !== 201) return send(res, 502, 'application/json', JSON.stringify(created.json));
    return send(res, 200, 'text/html; charset=utf-8', elementsPage(created.json, url.searchParams, deps));
  }
  if (url.pathname === '/elements/new-session') {
    const created = await vault('/collect-sessions', { method: 'POST', headers, body: { parent_origin: url.searchParams.get('parent_origin') } });
    return send(res, created.status, 'application/json', JSON.stringify(created.json));
  }
  const session = /^\/elements\/session\/([^/]+)$/.exec(url.pathname);
  if (session) {
    const answer = await vault(`/collect-sessions/${encodeURIComponent(session[1])}`, { headers });
    return send(res, answer.status, 'application/json', JSON.stringify(answer.json));
  }
  if (url.pathname === '/elements/detokenize') {
    const answer = await vault('/detokenize', { method: 'POST', headers, body: { token: url.searchParams.get('token') } });
    return send(res, answer.status, 'application/json', JSON.stringify(answer.json));
  }
  return send(res, 404, 'text/plain', 'not found');
}

function elementsPage(session, query, { escapeHtml, scriptJson, checkoutUrl }) {
  const clientSecret = query.get('secret') === 'bad' ? `${session.id}_secret_${'x'.repeat(32)}` : session.client_secret;
  const style = query.get('style') ? JSON.parse(query.get('style')) : undefined;
  const config = { vaultUrl: checkoutUrl, sessionId: session.id, clientSecret, style, fields: session.fields };
  const global = query.get('global') === '1';
  const start = `
  window.__messages = [];
  window.__events = [];
  window.addEventListener('message', (event) => window.__messages.push({ origin: event.origin, data: JSON.stringify(event.data) }));
  const config = ${scriptJson(config)};
  const TYPES = { card_number: 'cardNumber', card_expiry: 'cardExpiry', card_cvc: 'cardCvc' };
  try {
    const elements = VaultElements({ vaultUrl: config.vaultUrl, sessionId: config.sessionId, clientSecret: config.clientSecret, style: config.style });
    window.__elements = elements;
    for (const field of config.fields) {
      const type = TYPES[field];
      const element = elements.create(type, type === 'cardNumber' ? { placeholder: '1234 1234 1234 1234' } : {}).mount('#' + field.replace('_', '-').replace('_', '-'));
      for (const name of ['ready', 'change', 'focus', 'blur', 'escape']) element.on(name, (detail) => window.__events.push({ type, name, detail }));
    }
    document.getElementById('card-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      document.getElementById('outcome').textContent = 'Saving…';
      try {
        window.__result = await elements.submit();
        document.getElementById('outcome').textContent = 'Saved ' + window.__result.brand + ' •••• ' + window.__result.last4;
      } catch (error) {
        window.__error = { code: error.code, message: error.message, field: error.field };
        document.getElementById('outcome').textContent = error.message;
      }
    });
  } catch (error) {
    window.__createError = { code: error.code, message: error.message, field: error.field };
  }`;
  const script = global
    ? `<script src="${checkoutUrl}/elements.global.js"></script>\n<script>const VaultElements = window.VaultElements;${start}</script>`
    : `<script type="module">import { VaultElements } from '${checkoutUrl}/elements.js';${start}</script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>E2E Shop — card fields</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f4f4f5;color:#18181b}
form{max-width:420px;display:grid;gap:8px}.field{background:#fff;border:1px solid #a1a1aa;border-radius:6px;padding:0 10px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:8px}button{font:inherit;padding:10px 16px}</style>
</head><body>
<h1>E2E Coffee Roasters</h1>
<p>Collect session <span id="session-id">${escapeHtml(session.id)}</span></p>
<form id="card-form">
  <span id="number-label">Card number</span><div class="field" id="card-number" aria-labelledby="number-label"></div>
  <div class="row">
    <div><span>Expiry</span><div class="field" id="card-expiry"></div></div>
    <div><span>CVC</span><div class="field" id="card-cvc"></div></div>
  </div>
  <button id="save" type="submit">Save card</button>
</form>
<p id="outcome" role="status"></p>
${script}
</body></html>`;
}
