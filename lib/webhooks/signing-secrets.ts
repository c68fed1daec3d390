// The secrets that sign an endpoint's deliveries: the current one and, during a rotation's overlap, the
// previous one. Opened secrets are cached per endpoint version (its updated_at changes with every rotation
// or edit), so a busy endpoint does not read its project's keys for every attempt.
import type { Runtime } from '../runtime/types';
import type { ClaimedDelivery } from './claim-deliveries';
import { openEndpointSecret, projectKeyRef } from './endpoint-secret';

const MAX_CACHED = 1_000;

export type SigningSecretCache = Map<string, string[]>;

export async function signingSecrets(runtime: Pick<Runtime, 'db' | 'keyring'>, cache: SigningSecretCache, claimed: ClaimedDelivery, now: Date): Promise<string[]> {
  const overlap = claimed.previous_secret_sealed && claimed.previous_secret_expires_at && new Date(claimed.previous_secret_expires_at) > now;
  const cacheKey = `${claimed.endpoint_id}:${new Date(claimed.endpoint_updated_at).getTime()}:${overlap ? 2 : 1}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const project = await projectKeyRef(runtime, claimed.project_id);
  const secrets = [await openEndpointSecret(runtime, project, claimed.endpoint_id, { sealed: claimed.secret_sealed, keyVersion: claimed.secret_key_version })];
  if (overlap) {
    secrets.push(await openEndpointSecret(runtime, project, claimed.endpoint_id, { sealed: claimed.previous_secret_sealed!, keyVersion: claimed.previous_secret_key_version ?? 0 }));
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, secrets);
  return secrets;
}
