// What a token's ciphertext holds: the sensitive fields under their placeholder names.
// The AAD binds each ciphertext to its owner, `<projectId>/<tokenId>`: a ciphertext moved to another token
// or another project does not open. Rows stamped key version 0 were sealed before that binding
// (`vault/token/<tokenId>`); the start-up re-seal converts them.
import { open, seal } from '../crypto/aead';
import { hmacSha256Hex } from '../crypto/hash';
import type { TBankData, TCardData } from './schemas';
import type { TokenOwner } from '../tokens/token-metadata-seal';

/** `cardholderName`: imported cards only (issue 26: the file's `cardholder_name`, at most 200 characters). */
export type CardPayload = Omit<TCardData, 'cvv'> & { cardholderName?: string };
export type BankPayload = TBankData;
export type TokenPayload = ({ type: 'card' } & CardPayload) | ({ type: 'bank' } & BankPayload);

export type { TokenOwner };

export const tokenAad = (owner: TokenOwner, keyVersion: number) => (keyVersion === 0 ? `vault/token/${owner.tokenId}` : `${owner.projectId}/${owner.tokenId}`);

export function sealPayload(key: Buffer, owner: TokenOwner, payload: TokenPayload): Buffer<ArrayBuffer> {
  return seal(key, JSON.stringify(payload), tokenAad(owner, 1));
}

export function openPayload(key: Buffer, owner: TokenOwner & { keyVersion: number }, ciphertext: Uint8Array): TokenPayload {
  return JSON.parse(open(key, ciphertext, tokenAad(owner, owner.keyVersion)).toString('utf8')) as TokenPayload;
}

/**
 * The keyed fingerprint of the card or account number: the same card gives the same value within a project
 * (under one fingerprint key; `vault keys rotate-data-key --fingerprints` recomputes them all).
 */
export function payloadFingerprint(key: Buffer, payload: TokenPayload): string {
  const secret = payload.type === 'card' ? payload.cardNumber : `${payload.routingNumber}:${payload.accountNumber}`;
  return hmacSha256Hex(key, `${payload.type}:${secret}`);
}
