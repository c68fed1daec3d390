// What a token's ciphertext holds: the sensitive fields under their placeholder names.
// The AAD binds each ciphertext to its token id, so a row's ciphertext cannot be moved to another token.
import { open, seal } from '../crypto/aead';
import type { TBankData, TCardData } from './schemas';

export type CardPayload = Omit<TCardData, 'cvv'>;
export type BankPayload = TBankData;
export type TokenPayload = ({ type: 'card' } & CardPayload) | ({ type: 'bank' } & BankPayload);

const aadFor = (tokenId: string) => `vault/token/${tokenId}`;

export function sealPayload(key: Buffer, tokenId: string, payload: TokenPayload): Buffer<ArrayBuffer> {
  return seal(key, JSON.stringify(payload), aadFor(tokenId));
}

export function openPayload(key: Buffer, tokenId: string, ciphertext: Uint8Array): TokenPayload {
  return JSON.parse(open(key, ciphertext, aadFor(tokenId)).toString('utf8')) as TokenPayload;
}
