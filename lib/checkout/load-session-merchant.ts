// The merchant a session charges through, with its processor opened, and the session's project as the
// vault code needs it to tokenize. Null when the merchant has been deleted since the session was made.
import { PRINCIPAL_PROJECT_COLUMNS, principalProject, type ApiKeyPrincipal } from '../api-keys/principal';
import type { TProcessorConfig } from '../merchants/processor-schemas';
import { openProcessor } from '../merchants/processor-seal';
import type { Runtime } from '../runtime/types';

export type SessionMerchant = { id: string; processor: TProcessorConfig; project: ApiKeyPrincipal['project'] };

export async function loadSessionMerchant(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  session: { merchantId: string; projectId: string },
): Promise<SessionMerchant | null> {
  const merchant = await runtime.db.prisma.merchant.findFirst({
    where: { id: session.merchantId, projectId: session.projectId },
    select: { id: true, processorSealed: true, processorKeyVersion: true, project: { select: PRINCIPAL_PROJECT_COLUMNS } },
  });
  if (!merchant) return null;
  return { id: merchant.id, project: principalProject(merchant.project), processor: await openProcessor(runtime, merchant.project, merchant) };
}
