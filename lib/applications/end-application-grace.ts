// Ends a rotation's grace period now: the previous key's hash and expiry are cleared, and cached
// principals of the application are dropped, so the old key is refused at once on this node (within
// API_KEY_CACHE_MS on others, as after a rotation). 409 `no_grace_period` when none is running.
import { forgetApplication } from '../api-keys/api-key-cache';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getApplicationOrThrow } from './get-application-or-throw';
import { getApplicationView } from './get-application-view';
import type { ApplicationViewRow } from './present-application';

export const NO_GRACE_PERIOD = 'The application has no previous key in its grace period';

export async function endApplicationGrace(runtime: Pick<Runtime, 'db'>, options: { accountId: string; applicationId: string }): Promise<ApplicationViewRow> {
  const application = await getApplicationOrThrow(runtime, options);
  const { count } = await runtime.db.prisma.application.updateMany({
    where: { id: application.id, revokedAt: null, previousKeyHash: { not: null }, previousKeyExpiresAt: { gt: new Date() } },
    data: { previousKeyHash: null, previousKeyExpiresAt: null },
  });
  forgetApplication(application.id);
  if (count === 0) throw new VaultError('no_grace_period', NO_GRACE_PERIOD);
  return getApplicationView(runtime, options);
}
