// A token's metadata at rest (issue 25): the JSON object sealed under the project's data key like the card
// data (same key version, so rotation and key retirement treat the row as one), bound to its token and
// told apart from the card ciphertext by its AAD. And the keyed search index: for each key the project
// marks searchable, HMAC-SHA256 of the key and value under a key derived from the project's fingerprint
// key. The index finds tokens with an equal value and reveals nothing else (no prefix, no order).
import { createHmac } from 'node:crypto';
import { open, seal } from '../crypto/aead';
import { hmacSha256Hex } from '../crypto/hash';

/** Whose metadata: the AAD binds a sealed value to its project and token (as the card data's). */
export type TokenOwner = { projectId: string; tokenId: string };

export type TokenMetadata = Record<string, string>;

export const metadataAad = (owner: TokenOwner) => `${owner.projectId}/${owner.tokenId}/metadata`;

/** Null for no metadata (an empty object is stored as none). */
export function sealMetadata(key: Buffer, owner: TokenOwner, metadata: TokenMetadata | undefined): Buffer<ArrayBuffer> | null {
  if (!metadata || Object.keys(metadata).length === 0) return null;
  return seal(key, JSON.stringify(metadata), metadataAad(owner));
}

export function openMetadata(key: Buffer, owner: TokenOwner, sealed: Uint8Array | null): TokenMetadata {
  if (!sealed) return {};
  return JSON.parse(open(key, sealed, metadataAad(owner)).toString('utf8')) as TokenMetadata;
}

// Derived once per fingerprint key buffer (the keyring caches those per project and key version).
const searchKeys = new WeakMap<Buffer, Buffer>();

/** The metadata search key of a project, derived from its fingerprint key (one HMAC; domain-separated). */
export function metadataSearchKey(fingerprintKey: Buffer): Buffer {
  let key = searchKeys.get(fingerprintKey);
  if (!key) {
    key = createHmac('sha256', fingerprintKey).update('vault/token-metadata-search/v1').digest();
    searchKeys.set(fingerprintKey, key);
  }
  return key;
}

/**
 * The index value of one key and value: equal pairs give equal MACs within a project. HMAC-SHA256 cut to
 * 128 bits (32 hex characters): an equality index needs no more (a chance false match is ~2^-128), and the
 * index each tokenize writes into is half the size.
 */
export const METADATA_MAC_HEX_LENGTH = 32;
export function metadataEntryMac(searchKey: Buffer, key: string, value: string): string {
  return hmacSha256Hex(searchKey, `${key}\u0000${value}`).slice(0, METADATA_MAC_HEX_LENGTH);
}

/**
 * The index entries of every key of `metadata` (the statement writing them keeps only the project's
 * searchable keys, read in the same statement, so a list changed meanwhile is never missed).
 */
export function metadataEntries(searchKey: Buffer | (() => Buffer), metadata: TokenMetadata | undefined): { keys: string[]; macs: string[] } {
  const keys = Object.keys(metadata ?? {});
  if (!keys.length) return { keys, macs: [] };
  if (typeof searchKey === 'function') searchKey = searchKey();
  const derived = searchKey;
  return { keys, macs: keys.map((key) => metadataEntryMac(derived, key, metadata![key]!)) };
}
