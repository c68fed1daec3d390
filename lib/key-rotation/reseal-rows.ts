// Re-seals stored ciphertexts under their project's current data key and owner-bound form, in batches of
// one transaction each, walking the primary key (no full scan per batch). Each update is guarded by the
// version it read, so a row changed meanwhile is left alone; running it again (resuming) picks up the rest.
import { open, seal } from '../crypto/aead';
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import { processorAad } from '../merchants/processor-seal';
import type { Runtime } from '../runtime/types';
import { tokenAad } from '../vault/token-payload';
import { metadataAad } from '../tokens/token-metadata-seal';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { unreadableRow } from './key-command-error';
import { webhookSecretAad } from '../webhooks/endpoint-secret';

type Aad = (projectId: string, id: string, version: number) => string;
/**
 * `sealed` (and `alsoSealed`, under the same version column) may be null: a destroyed token's card data, a
 * token without metadata. A null stays null; the row's version still moves to the current key.
 */
type Table = { name: string; sealed: string; version: string; aad: Aad; alsoSealed?: { column: string; aad: Aad } };

export const SEALED_TABLES = {
  tokens: {
    name: 'tokens',
    sealed: 'ciphertext',
    version: 'key_version',
    aad: (projectId, tokenId, version) => tokenAad({ projectId, tokenId }, version),
    // Issue 25: the metadata is sealed under the token's key version too, so both move together.
    alsoSealed: { column: 'metadata_sealed', aad: (projectId, tokenId) => metadataAad({ projectId, tokenId }) },
  },
  merchants: { name: 'merchants', sealed: 'processor_sealed', version: 'processor_key_version', aad: processorAad },
  webhookSecrets: { name: 'webhook_endpoints', sealed: 'secret_sealed', version: 'secret_key_version', aad: webhookSecretAad },
  previousWebhookSecrets: { name: 'webhook_endpoints', sealed: 'previous_secret_sealed', version: 'previous_secret_key_version', aad: webhookSecretAad },
} satisfies Record<string, Table>;

type Row = { id: string; project_id: string; version: number; sealed: Uint8Array | null; also: Uint8Array | null };

/**
 * Re-seals the rows of `table` matching `filter` (SQL over the table's columns, parameters from $2 on; $1 is
 * the keyset cursor). Returns how many rows were re-sealed.
 */
export async function resealRows(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  table: Table,
  filter: { where: string; params: unknown[] },
  batchSize = 500,
): Promise<number> {
  const { sql, prisma } = runtime.db;
  let cursor = '00000000-0000-0000-0000-000000000000';
  let total = 0;
  for (;;) {
    const rows = await sql.query<Row>(
      `SELECT id, project_id, ${table.version} AS version, ${table.sealed} AS sealed, ${table.alsoSealed ? table.alsoSealed.column : 'NULL::bytea'} AS also FROM ${table.name}
       WHERE id > $1::uuid AND (${filter.where}) ORDER BY id LIMIT ${batchSize}`,
      [cursor, ...filter.params],
    );
    if (!rows.length) return total;
    cursor = rows.at(-1)!.id;
    const projects = new Map<string, ProjectKeyRef>(
      (await prisma.project.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.project_id))] } }, select: PROJECT_KEY_COLUMNS })).map((project) => [project.id, project]),
    );
    const updates: { id: string; sealed: string | null; also: string | null; from: number; to: number }[] = [];
    for (const row of rows) {
      const project = projects.get(row.project_id)!;
      const target = runtime.keyring.projectKeys(project);
      const key = await encryptionKeyForVersion(runtime, project, row.version);
      const reseal = (value: Uint8Array | null, column: string, aad: Aad): string | null => {
        if (!value) return null;
        let plain: Buffer;
        try {
          plain = open(key, value, aad(row.project_id, row.id, row.version));
        } catch {
          throw unreadableRow({ table: table.name, id: row.id, column, resumable: true });
        }
        const sealed = seal(target.encryption, plain, aad(row.project_id, row.id, target.version)).toString('hex');
        plain.fill(0);
        return sealed;
      };
      updates.push({
        id: row.id,
        sealed: reseal(row.sealed, table.sealed, table.aad),
        also: table.alsoSealed ? reseal(row.also, table.alsoSealed.column, table.alsoSealed.aad) : null,
        from: row.version,
        to: target.version,
      });
    }
    const also = table.alsoSealed ? `, ${table.alsoSealed.column} = decode(s.also, 'hex')` : '';
    const updated = await sql.query<{ id: string }>(
      `UPDATE ${table.name} AS t SET ${table.sealed} = decode(s.sealed, 'hex')${also}, ${table.version} = s.to_version
       FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::text[]) AS sealed, unnest($3::int[]) AS from_version, unnest($4::int[]) AS to_version, unnest($5::text[]) AS also) AS s
       WHERE t.id = s.id AND t.${table.version} = s.from_version RETURNING t.id`,
      [updates.map((u) => u.id), updates.map((u) => u.sealed), updates.map((u) => u.from), updates.map((u) => u.to), updates.map((u) => u.also)],
    );
    total += updated.length;
  }
}
