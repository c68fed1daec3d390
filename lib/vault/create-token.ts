// POST /tokenize, POST /test-tokens and checkout's Pay: encrypt the card or bank data under the project key,
// store the token with display-safe fields (mask, BIN where the mask shows it, last 4, brand), a keyed
// fingerprint and its `token.created` event, and open a CVC session when a security code was sent. Issue 25:
// the token's format, its metadata sealed beside the card data (and index MACs of its searchable keys), its
// expiry. The CVC session is written first and removed again if the token cannot be stored, so a failure
// leaves nothing half-written.
import { uuidV7 } from '../crypto/uuid-v7';
import type { z } from 'zod';
import type { ApiKeyPrincipal } from '../api-keys/principal';
import type { AuditEntry } from '../core/audit-entry';
import type { Runtime } from '../runtime/types';
import type { CvcSessionMode } from '../store/types';
import { maskAccount, visibleAccountDigits } from '../cards/bank-rules';
import { detectBrand, displayedBin, last4, maskPan } from '../cards/card-rules';
import { createCvcSession, deleteCvcSession } from './cvc-sessions';
import type { TokenPayload } from './token-payload';
import { payloadFingerprint, sealPayload } from './token-payload';
import { insertTokenWithAudit } from './insert-token';
import { newTokenValue, type TokenFormat } from './token-formats';
import { metadataEntries, metadataSearchKey, sealMetadata, type TokenMetadata } from '../tokens/token-metadata-seal';
import { rememberTokenId } from './token-ids';
import { isLivemode } from '../events/livemode';
import { newEventId, serialiseEnvelope } from '../events/record-event';
import { tokenCreatedData } from '../tokens/token-event-data';
import type { ZTokenizeResponseSchema } from './schemas';

/** The response body of POST /tokenize (its schema documents it), and the new token's row id. */
export type CreatedToken = Omit<z.output<typeof ZTokenizeResponseSchema>, 'success'> & { tokenId: string };

type Display = { mask: string; bin: string | null; last4: string; brand: string | null };

function displayFields(payload: TokenPayload): Display {
  if (payload.type === 'card') {
    const pan = payload.cardNumber;
    return { mask: maskPan(pan), bin: displayedBin(pan), last4: last4(pan), brand: detectBrand(pan) };
  }
  const account = payload.accountNumber;
  return { mask: maskAccount(account), bin: null, last4: visibleAccountDigits(account), brand: null };
}

/**
 * The metadata of the keys the project searches by, as its cached principal lists them (absent: all).
 * Only these get an index entry's MAC; the insert statement keeps those the project still lists.
 */
function searchablePart(metadata: TokenMetadata, searchable: string[] | undefined): TokenMetadata {
  if (!searchable) return metadata;
  const part: TokenMetadata = {};
  for (const key of searchable) if (Object.hasOwn(metadata, key)) part[key] = metadata[key]!;
  return part;
}

/** Who creates the token: an API key's application, or (test tokens from the dashboard) a user (no application). */
export type TokenCreator = { project: ApiKeyPrincipal['project']; application: { id: string } | null };

export async function createToken(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring'>,
  options: {
    principal: TokenCreator;
    payload: TokenPayload;
    cvv?: string;
    cvcSession: { mode: CvcSessionMode; ttlSeconds: number };
    testMode: boolean;
    /** The audit row of this creation, written in the same statement as the token. */
    audit: AuditEntry;
    /** What the token value looks like (default random); the card formats need a card (checked by the schemas). */
    tokenFormat?: TokenFormat;
    /** Metadata (validated by the schemas), sealed with the token; its searchable keys are indexed. */
    metadata?: TokenMetadata;
    /** When the token expires (null or absent: never). */
    expiresAt?: Date | null;
  },
): Promise<CreatedToken> {
  const { project, application } = options.principal;
  const keys = runtime.keyring.projectKeys(project);
  const tokenId = uuidV7();
  const tokenFormat = options.tokenFormat ?? 'random';
  const pan = options.payload.type === 'card' ? options.payload.cardNumber : null;
  const nextValue = () => newTokenValue(tokenFormat, pan);
  const display = displayFields(options.payload);
  const fingerprint = payloadFingerprint(keys.fingerprint, options.payload);

  const cvcSessionId = options.cvv
    ? await createCvcSession({
        store: runtime.store,
        projectId: project.id,
        encryption: { key: keys.encryption, version: keys.version },
        tokenId,
        cvv: options.cvv,
        ...options.cvcSession,
      })
    : undefined;

  const createdAt = new Date();
  const metadata = options.metadata ?? {};
  const row = {
    id: tokenId,
    token: nextValue(),
    tokenFormat,
    projectId: project.id,
    applicationId: application?.id ?? null,
    type: options.payload.type,
    ciphertext: sealPayload(keys.encryption, { projectId: project.id, tokenId }, options.payload),
    keyVersion: keys.version,
    mask: display.mask,
    bin: display.bin,
    last4: display.last4,
    brand: display.brand,
    fingerprint,
    testMode: options.testMode,
    createdAt,
    metadataSealed: sealMetadata(keys.encryption, { projectId: project.id, tokenId }, metadata),
    expiresAt: options.expiresAt ?? null,
    search: metadataEntries(() => metadataSearchKey(keys.fingerprint), searchablePart(metadata, project.searchableMetadataKeys)),
  };
  // The `token.created` event, written in the token's own statement (outbox); live in production projects.
  // Made again with the new value if the first one was taken (insertTokenWithAudit draws again).
  const eventOf = (current: Parameters<typeof tokenCreatedData>[0]) => {
    const eventId = newEventId();
    const event = { projectId: project.id, livemode: isLivemode(project.environment), type: 'token.created' as const, data: tokenCreatedData(current) };
    return { id: eventId, body: serialiseEnvelope(eventId, event, createdAt) };
  };
  try {
    await insertTokenWithAudit(runtime, row, { ...options.audit, tokenId }, { eventOf, nextValue });
  } catch (error) {
    if (cvcSessionId) await deleteCvcSession({ store: runtime.store, projectId: project.id, sessionId: cvcSessionId }).catch(() => {});
    throw error;
  }
  // Its first use on this node (a charge right after) reads it and writes its audit row in one statement.
  rememberTokenId(project.id, row.token, tokenId);

  return {
    token: row.token,
    tokenId,
    ...(cvcSessionId ? { cvc_session_id: cvcSessionId } : {}),
    type: options.payload.type,
    mask: display.mask,
    ...(options.payload.type === 'card' ? { bin: display.bin, brand: display.brand } : {}),
    last4: display.last4,
    fingerprint,
    test_mode: options.testMode,
    ...(options.tokenFormat ? { token_format: tokenFormat } : {}),
    created_at: createdAt.toISOString(),
    ...(Object.keys(metadata).length ? { metadata } : {}),
    ...(row.expiresAt ? { expires_at: row.expiresAt.toISOString() } : {}),
  };
}
