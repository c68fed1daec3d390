// The public shape of a token in GET /api/tokens and GET /api/tokens/{token}: display-safe fields only
// (mask, BIN where the mask shows it, last 4, brand, keyed fingerprint). Never the ciphertext or anything
// decrypted from it.
import type { z } from 'zod';
import { visibleBin } from '../vault/card-rules';
import type { TokenRow as StoredTokenRow } from '../vault/insert-token';
import type { ZTokenView } from './schemas';
import type { TokenCreator } from './token-creators';

/** The columns list and get read: no secret column (the client omits `ciphertext` by default as well). */
export const tokenColumns = {
  id: true,
  token: true,
  projectId: true,
  applicationId: true,
  type: true,
  mask: true,
  bin: true,
  last4: true,
  brand: true,
  fingerprint: true,
  testMode: true,
  createdAt: true,
} as const;

/** A stored token as listings read it: everything but the ciphertext. */
export type TokenRow = Omit<StoredTokenRow, 'ciphertext'>;

export function presentToken(row: TokenRow & { createdBy: TokenCreator }): z.output<typeof ZTokenView> {
  return {
    token: row.token,
    type: row.type,
    mask: row.mask,
    bin: visibleBin(row),
    last4: row.last4,
    brand: row.brand,
    fingerprint: row.fingerprint,
    test_mode: row.testMode,
    project_id: row.projectId,
    application_id: row.applicationId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}
