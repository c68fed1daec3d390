// The data of the token events: what GET /api/tokens already shows (the token, its type, brand and last 4),
// never the mask's BIN, the fingerprint or anything sealed. A bank token has no brand (null).
import type { StoredTokenRow } from './token-row';

type CreatedToken = Pick<StoredTokenRow, 'token' | 'type' | 'brand' | 'last4' | 'applicationId' | 'createdAt'>;

export function tokenCreatedData(row: CreatedToken) {
  return { token: row.token, type: row.type, brand: row.brand, last4: row.last4, application_id: row.applicationId, created_at: row.createdAt.toISOString() };
}

// The same card description as on creation, so a receiver can tell which card went without looking it up.
export function tokenDeletedData(row: Pick<StoredTokenRow, 'token' | 'type' | 'brand' | 'last4'>) {
  return { token: row.token, type: row.type, brand: row.brand, last4: row.last4 };
}
