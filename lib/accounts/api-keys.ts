// API keys and pub keys: random, prefixed by environment so a leaked key says where it works, stored
// only as SHA-256 (they carry ~190 bits of entropy, so a fast hash is the right tool, as for session ids).
import { randomBase62 } from '../crypto/random';
import { sha256Hex } from '../crypto/hash';

export type EnvironmentName = 'test' | 'production';

const KEY_LENGTH = 32;

export function newApiKey(environment: EnvironmentName): { key: string; hash: string; prefix: string } {
  const key = `vk_${environment === 'production' ? 'live' : 'test'}_${randomBase62(KEY_LENGTH)}`;
  return { key, hash: sha256Hex(key), prefix: key.slice(0, 12) };
}

export function newPubKey(): { key: string; hash: string } {
  const key = `pk_live_${randomBase62(KEY_LENGTH)}`;
  return { key, hash: sha256Hex(key) };
}
