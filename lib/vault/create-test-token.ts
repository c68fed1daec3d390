// POST /test-tokens: a card token with a reusable CVC session living TEST_CVC_SESSION_TTL_SECONDS, for
// development against PSP sandboxes. In a production project only published PSP test cards are
// accepted, so this door can never be used to vault a real card with a long-lived CVV.
import type { AuditEntry } from '../audit/record-audit';
import type { z } from 'zod';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { createToken, type TokenCreator } from './create-token';
import { describeDuration } from './cvc-sessions';
import type { TTestTokenRequest, ZTestTokenResponseSchema } from './schemas';
import { isPublishedTestCard } from './test-cards';

export async function createTestToken(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'config'>,
  options: { principal: TokenCreator; request: TTestTokenRequest; audit: AuditEntry },
): Promise<Omit<z.output<typeof ZTestTokenResponseSchema>, 'success'> & { tokenId: string }> {
  const { cvc, ...card } = options.request;
  if (options.principal.project.environment === 'production' && !isPublishedTestCard(card.cardNumber)) {
    throw VaultError.validation([
      { path: 'cardNumber', message: 'production projects accept only published PSP test card numbers (see GET /openapi.json)' },
    ]);
  }
  const ttlSeconds = runtime.config.TEST_CVC_SESSION_TTL_SECONDS;
  const created = await createToken(runtime, {
    principal: options.principal,
    payload: { type: 'card', ...card },
    cvv: cvc,
    cvcSession: { mode: 'reusable', ttlSeconds },
    testMode: true,
    audit: options.audit,
  });
  // A test token always has its CVC session: the request requires `cvc`.
  if (!created.cvc_session_id) throw new Error('test token created without its CVC session');
  return { ...created, cvc_session_id: created.cvc_session_id, test_mode: true, expires_in: describeDuration(ttlSeconds) };
}
