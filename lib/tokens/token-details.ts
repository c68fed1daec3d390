// What the tokens API shows of a token beyond its columns: its metadata (opened under the key version that
// sealed it) and its status at the call's clock (its project's retention counted). One project read per
// page, whatever its size.
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import type { Runtime } from '../runtime/types';
import { openMetadata, type TokenMetadata } from './token-metadata-seal';
import type { TokenRow } from './token-row';
import { tokenStatus, type TokenStatus } from './token-status';

export type TokenDetails = { metadata: TokenMetadata; status: TokenStatus };

export async function withTokenDetails<Row extends TokenRow>(runtime: Pick<Runtime, 'db' | 'keyring'>, rows: Row[], now = new Date()): Promise<(Row & TokenDetails)[]> {
  if (!rows.length) return [];
  const projects = new Map(
    (
      await runtime.db.prisma.project.findMany({
        where: { id: { in: [...new Set(rows.map((row) => row.projectId))] } },
        select: { ...PROJECT_KEY_COLUMNS, tokenRetentionDays: true },
      })
    ).map((project) => [project.id, project]),
  );
  return Promise.all(
    rows.map(async (row) => {
      const project = projects.get(row.projectId);
      return {
        ...row,
        metadata: project ? await rowMetadata(runtime, project, row) : {},
        status: tokenStatus(row, project?.tokenRetentionDays ?? null, now),
      };
    }),
  );
}

async function rowMetadata(runtime: Pick<Runtime, 'db' | 'keyring'>, project: ProjectKeyRef, row: TokenRow): Promise<TokenMetadata> {
  if (!row.metadataSealed) return {};
  const key = await encryptionKeyForVersion(runtime, project, row.keyVersion);
  return openMetadata(key, { projectId: row.projectId, tokenId: row.id }, row.metadataSealed);
}
