// The columns a merchant record is read with, and its sealed processor opened under the project key.
// Used by every lookup that presents or charges through a merchant.
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import type { Runtime } from '../runtime/types';
import type { StoredLogo } from './present-branding';
import type { MerchantRecord } from './present-merchant';
import { openProcessor } from './processor-seal';

export const merchantRecordColumns = {
  id: true,
  projectId: true,
  name: true,
  keyPrefix: true,
  createdAt: true,
  updatedAt: true,
  processorSealed: true,
  processorKeyVersion: true,
  branding: true,
  logo: { select: { contentType: true, sha256: true, sourceUrl: true } },
  project: { select: { environment: true, ...PROJECT_KEY_COLUMNS } },
} as const;

export type MerchantRecordRow = {
  id: string;
  projectId: string;
  name: string;
  keyPrefix: string;
  createdAt: Date;
  updatedAt: Date;
  processorSealed: Uint8Array;
  processorKeyVersion: number;
  branding: unknown;
  logo: StoredLogo | null;
  project: ProjectKeyRef & { environment: 'test' | 'production' };
};

export type MerchantWithProject = MerchantRecord & { environment: 'test' | 'production' };

export async function readMerchantRecord(runtime: Pick<Runtime, 'db' | 'keyring'>, row: MerchantRecordRow): Promise<MerchantWithProject> {
  const { processorSealed, processorKeyVersion, project, ...rest } = row;
  return {
    ...rest,
    environment: project.environment,
    processor: await openProcessor(runtime, project, { id: row.id, processorSealed, processorKeyVersion }),
  };
}
