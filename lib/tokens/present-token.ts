// The public shape of a token in GET /api/tokens and GET /api/tokens/{token}: display-safe fields only
// (mask, BIN where the mask shows it, last 4, brand, keyed fingerprint). Never the ciphertext or anything
// decrypted from it.
import type { z } from 'zod';
import { visibleBin } from '../cards/card-rules';
import type { ZTokenView } from './schemas';
import type { TokenRow } from './token-row';
import type { TokenCreator } from './token-creators';

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
