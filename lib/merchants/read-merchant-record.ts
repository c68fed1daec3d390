// The columns a merchant record is read with, and its sealed processor opened under the project key.
// Used by every lookup that presents or charges through a merchant.
import type { Runtime } from '../runtime';
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
  project: { select: { environment: true, wrappedDataKey: true } },
} as const;

export type MerchantRecordRow = {
  id: string;
  projectId: string;
  name: string;
  keyPrefix: string;
  createdAt: Date;
  updatedAt: Date;
  processorSealed: Uint8Array;
  project: { environment: 'test' | 'production'; wrappedDataKey: Uint8Array };
};

export type MerchantWithProject = MerchantRecord & { environment: 'test' | 'production' };

export function readMerchantRecord(runtime: Pick<Runtime, 'keyring'>, row: MerchantRecordRow): MerchantWithProject {
  const { processorSealed, project, ...rest } = row;
  return {
    ...rest,
    environment: project.environment,
    processor: openProcessor(runtime, { id: row.projectId, wrappedDataKey: project.wrappedDataKey }, row.id, processorSealed),
  };
}
