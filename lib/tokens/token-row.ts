// A token's row: as stored (lib/vault/insert-token.ts writes it) and as listings read it.

/** A token as stored: the ciphertext holds the card or bank data, encrypted under the project's data key. */
export type StoredTokenRow = {
  id: string;
  token: string;
  projectId: string;
  applicationId: string | null;
  type: 'card' | 'bank';
  ciphertext: Uint8Array<ArrayBuffer>;
  mask: string;
  bin: string | null;
  last4: string;
  brand: string | null;
  fingerprint: string;
  testMode: boolean;
  createdAt: Date;
};

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
