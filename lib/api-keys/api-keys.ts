// API keys and pub keys: random, prefixed by environment so a leaked key says where it works. They carry
// ~190 bits of entropy, so a fast hash is the right tool. API keys are stored keyed (keyring.hashSecret:
// HMAC under the installation's secret-hash key), so a database writer cannot mint one. A pub key is only
// ever checked beside an API key (and is wrapped for display), so its plain SHA-256 is enough.
import type { Keyring } from '../crypto/keyring';
import { randomBase62 } from '../crypto/random';
import { sha256Hex } from '../crypto/hash';

export type EnvironmentName = 'test' | 'production';

const KEY_LENGTH = 32;

export function newApiKey(keyring: Keyring, environment: EnvironmentName): { key: string; hash: string; prefix: string } {
  const key = `vk_${environment === 'production' ? 'live' : 'test'}_${randomBase62(KEY_LENGTH)}`;
  return { key, hash: keyring.hashSecret(key), prefix: key.slice(0, 12) };
}

export function newPubKey(): { key: string; hash: string } {
  const key = `pk_live_${randomBase62(KEY_LENGTH)}`;
  return { key, hash: sha256Hex(key) };
}
