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

/** The lifecycle columns (issue 25) the tokens API shows: format, sealed metadata, expiry, last use, deletion. */
export type TokenLifecycleRow = {
  tokenFormat: 'random' | 'pan_preserving' | 'last4_preserving' | 'uuid';
  keyVersion: number;
  metadataSealed: Uint8Array | null;
  expiresAt: Date | null;
  lastUsedAt: Date;
  deletedAt: Date | null;
};

/** The columns list and get read: never the card data (the client omits `ciphertext` by default as well); the metadata sealed. */
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
  tokenFormat: true,
  keyVersion: true,
  metadataSealed: true,
  expiresAt: true,
  lastUsedAt: true,
  deletedAt: true,
} as const;

/** A stored token as listings read it: everything but the card data's ciphertext. */
export type TokenRow = Omit<StoredTokenRow, 'ciphertext'> & TokenLifecycleRow;
