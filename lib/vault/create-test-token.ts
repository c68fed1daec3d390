// POST /test-tokens: a card token with a reusable CVC session living TEST_CVC_SESSION_TTL_SECONDS, for
// development against PSP sandboxes. Only published PSP test cards are accepted, in test and production
// projects alike, so this door can never keep a real card's CVV for a year.
import type { AuditEntry } from '../core/audit-entry';
import type { z } from 'zod';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { createToken, type TokenCreator } from './create-token';
import { describeDuration } from '../core/durations';
import type { TTestTokenRequest, ZTestTokenResponseSchema } from './schemas';
import { isPublishedTestCard } from './test-cards';

export async function createTestToken(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'config'>,
  options: { principal: TokenCreator; request: TTestTokenRequest; audit: AuditEntry },
): Promise<Omit<z.output<typeof ZTestTokenResponseSchema>, 'success'> & { tokenId: string }> {
  const { cvc, token_format: tokenFormat, ...card } = options.request;
  if (!isPublishedTestCard(card.cardNumber)) {
    throw VaultError.validation([
      { path: 'cardNumber', message: 'cardNumber must be a published PSP test card number (listed in GET /openapi.json); use POST /tokenize for other cards' },
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
    tokenFormat,
  });
  // A test token always has its CVC session: the request requires `cvc`.
  if (!created.cvc_session_id) throw new Error('test token created without its CVC session');
  return { ...created, cvc_session_id: created.cvc_session_id, test_mode: true, expires_in: describeDuration(ttlSeconds) };
}
