// Renames an application and/or changes its permissions; cached principals of its key are dropped so
// the change applies at once on this node (within API_KEY_CACHE_MS elsewhere). A permission the caller does
// not name stays as it is: reveal (`detokenize`) is never granted back by a PUT that only names tokenization.
import { forgetApplication } from '../api-keys/api-key-cache';
import type { Runtime } from '../runtime/types';
import { applicationNotFound, getApplicationOrThrow } from './get-application-or-throw';
import { getApplicationView } from './get-application-view';
import type { ApplicationViewRow } from './present-application';

export async function updateApplication(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; applicationId: string; name?: string; tokenization?: boolean; detokenize?: boolean; provisioning?: boolean; search?: boolean },
): Promise<ApplicationViewRow> {
  const current = await getApplicationOrThrow(runtime, options);
  const updated = await runtime.db.prisma.application.updateMany({
    where: { id: current.id, revokedAt: null },
    data: {
      name: options.name,
      tokenization: options.tokenization,
      detokenize: options.detokenize,
      provisioning: options.provisioning,
      search: options.search,
    },
  });
  forgetApplication(current.id);
  if (updated.count === 0) throw applicationNotFound();
  return getApplicationView(runtime, options);
}
