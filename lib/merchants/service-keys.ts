// Merchant service keys (`X-SERVICE-API-KEY`): random, prefixed `msk_test_` / `msk_live_` by the project's
// environment (distinct from vault keys `vk_…`, so one is never mistaken for the other), shown once and
// stored only as a keyed hash (keyring.hashSecret, as for API keys: ~190 bits of entropy make a fast hash the
// right tool, and the key means a database writer cannot mint one).
import type { EnvironmentName } from '../api-keys/api-keys';
import type { Keyring } from '../crypto/keyring';
import { randomBase62 } from '../crypto/random';

const KEY_LENGTH = 32;
/** `msk_test_` + 4 characters: enough to recognise a key in a listing, useless to an attacker. */
const PREFIX_LENGTH = 13;

export const SERVICE_KEY_SHAPE = /^msk_(test|live)_[0-9A-Za-z]{20,64}$/;

export function newServiceKey(keyring: Keyring, environment: EnvironmentName): { key: string; hash: string; prefix: string } {
  const key = `msk_${environment === 'production' ? 'live' : 'test'}_${randomBase62(KEY_LENGTH)}`;
  return { key, hash: keyring.hashSecret(key), prefix: key.slice(0, PREFIX_LENGTH) };
}
