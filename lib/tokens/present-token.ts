// The public shape of a token in GET /api/tokens and GET /api/tokens/{token}: display-safe fields only
// (mask, BIN where the mask shows it, last 4, brand, keyed fingerprint), the format, the metadata and the
// lifecycle dates. Never the card data's ciphertext or anything decrypted from it.
import type { z } from 'zod';
import { visibleBin } from '../cards/card-rules';
import type { ZTokenView } from './schemas';
import type { TokenRow } from './token-row';
import type { TokenCreator } from './token-creators';
import type { TokenDetails } from './token-details';

export function presentToken(row: TokenRow & TokenDetails & { createdBy: TokenCreator }): z.output<typeof ZTokenView> {
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
    token_format: row.tokenFormat,
    metadata: row.metadata,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt.toISOString(),
    status: row.status,
  };
}
