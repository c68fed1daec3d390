// POST /collect-sessions — the merchant's server opens a Vault Elements collect session for one page origin.
import { createCollectSession } from '../../collect/create-collect-session';
import { COLLECT_CREATE_PER_MINUTE, DEFAULT_COLLECT_EXPIRY_SECONDS, MAX_COLLECT_EXPIRY_SECONDS, MIN_COLLECT_EXPIRY_SECONDS } from '../../collect/collect-rules';
import { limitCollectCreate } from '../../collect/limit-collect';
import { ZCollectSessionCreated, ZCreateCollectSessionRequest } from '../../collect/schemas';
import { error, json, ok } from '../../core/openapi-shapes';
import { defineRoute } from '../../http/define-route';
import { retryAfter } from '../auth-endpoints/docs';
import { apiKeyAuth } from '../auth/api-route';

export const POST = defineRoute({
  method: 'POST',
  path: '/collect-sessions',
  operationId: 'createCollectSession',
  tags: ['Vault Elements'],
  summary: 'Open a collect session (card fields on your page)',
  description: [
    'Server to server, with an API key that has the tokenization permission (production keys also send `X-Pub-Key`). Give the answer\'s `id` and `client_secret` to your page, which mounts the fields with `VaultElements({ vaultUrl, sessionId, clientSecret })` (`{CHECKOUT_URL}/elements.js`).',
    `\`parent_origin\` is the exact origin of that page: https, or in a test project also \`http://localhost\` / \`http://127.0.0.1\` on any port. It becomes the field pages' \`frame-ancestors\` and the only origin their messages go to; a submission reporting another page origin is refused. \`fields\` defaults to all three (card_number and card_expiry are required). \`expires_in_seconds\`: ${MIN_COLLECT_EXPIRY_SECONDS}–${MAX_COLLECT_EXPIRY_SECONDS}, default ${DEFAULT_COLLECT_EXPIRY_SECONDS}.`,
    'The client secret is shown once and stored as a keyed hash. It is single use: the session completes with one token, after which the secret is refused (401 `invalid_client_secret`). Read the result with GET /collect-sessions/{id}.',
    `Rate limit: ${COLLECT_CREATE_PER_MINUTE} sessions a minute per application (429 \`rate_limited\` with \`Retry-After\`).`,
  ].join('\n\n'),
  auth: apiKeyAuth({ action: 'collect_session.create', tokenization: true, pubKey: true }),
  request: { body: json(ZCreateCollectSessionRequest) },
  responses: {
    201: ok('Opened.', ZCollectSessionCreated),
    429: { ...error('`rate_limited` (`Too many requests`).'), headers: retryAfter },
  },
  handler: async (call) => {
    await limitCollectCreate(call.runtime, call.principal.application.id);
    const created = await createCollectSession(call.runtime, call.principal, call.input.body());
    call.audit.resource = `collect_session:${created.id}`;
    return call.json(201, created);
  },
});
