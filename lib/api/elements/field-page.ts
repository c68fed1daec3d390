// GET /elements/field — one Vault Elements card field as its own page, framed by the collect session's page.
import { z } from 'zod';
import { error } from '../../core/openapi-shapes';
import { fieldPageHtml, fieldPagePolicy, newPageNonce } from '../../elements/field-page';
import { loadFieldPage } from '../../elements/load-field-page';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../auth/session-route';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'unsafe-none',
};

export const GET = defineRoute({
  method: 'GET',
  path: '/elements/field',
  operationId: 'getElementsField',
  server: 'checkout',
  tags: ['Vault Elements'],
  summary: 'A card field page (framed by your page through elements.js)',
  description: [
    'Query: `session` (cls_…), `field` (`card_number`, `card_expiry` or `card_cvc`, one the session collects), `instance` (optional: the SDK instance, 16–64 letters or digits; without it the page pairs with no SDK) and `o` (base64url JSON of the element\'s label, placeholder, style and fonts). elements.js builds this URL; you never need to.',
    'Its Content-Security-Policy: `frame-ancestors` is exactly the session\'s `parent_origin`; scripts and requests to this origin only; fonts exactly as given in `fonts` (https URLs on the parent origin, or data:font/woff2); no images, forms, plugins or `<base>`. The page has a real `<input>` (autocomplete cc-number / cc-exp / cc-csc, inputmode numeric, a label, aria-invalid and aria-describedby) and loads only /elements/field.js.',
    'An unknown session is 404, an expired or completed one 410, a bad query 400, each with the API\'s JSON error.',
  ].join('\n\n'),
  auth: publicAuth(),
  responses: {
    200: { description: 'The field page.', content: { 'text/html': { schema: z.string() } } },
    400: error('`validation_error` naming the bad query field (`field`, `instance`, or `o.<option>` such as `o.style.base.color`).'),
    404: error('`not_found` (`Collect session not found`).'),
    410: error('`collect_session_expired` (`Collect session expired`): past its expiry, completed, or expired by failed submissions.'),
  },
  handler: async ({ request, runtime }) => {
    const config = await loadFieldPage(runtime, new URL(request.url).searchParams);
    const nonce = newPageNonce();
    return new Response(fieldPageHtml(nonce, config), { headers: { ...PAGE_HEADERS, 'content-security-policy': fieldPagePolicy(nonce, config) } });
  },
});
