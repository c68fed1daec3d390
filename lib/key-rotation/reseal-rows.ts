// Re-seals stored ciphertexts under their project's current data key and owner-bound form, in batches of
// one transaction each, walking the primary key (no full scan per batch). Each update is guarded by the
// version it read, so a row changed meanwhile is left alone; running it again (resuming) picks up the rest.
import { open, seal } from '../crypto/aead';
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import { processorAad } from '../merchants/processor-seal';
import type { Runtime } from '../runtime/types';
import { tokenAad } from '../vault/token-payload';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { unreadableRow } from './key-command-error';
import { webhookSecretAad } from '../webhooks/endpoint-secret';

type Table = { name: string; sealed: string; version: string; aad: (projectId: string, id: string, version: number) => string };

export const SEALED_TABLES = {
  tokens: { name: 'tokens', sealed: 'ciphertext', version: 'key_version', aad: (projectId, tokenId, version) => tokenAad({ projectId, tokenId }, version) },
  merchants: { name: 'merchants', sealed: 'processor_sealed', version: 'processor_key_version', aad: processorAad },
  webhookSecrets: { name: 'webhook_endpoints', sealed: 'secret_sealed', version: 'secret_key_version', aad: webhookSecretAad },
  previousWebhookSecrets: { name: 'webhook_endpoints', sealed: 'previous_secret_sealed', version: 'previous_secret_key_version', aad: webhookSecretAad },
} satisfies Record<string, Table>;

type Row = { id: string; project_id: string; version: number; sealed: Uint8Array };

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
      `SELECT id, project_id, ${table.version} AS version, ${table.sealed} AS sealed FROM ${table.name}
       WHERE id > $1::uuid AND (${filter.where}) ORDER BY id LIMIT ${batchSize}`,
      [cursor, ...filter.params],
    );
    if (!rows.length) return total;
    cursor = rows.at(-1)!.id;
    const projects = new Map<string, ProjectKeyRef>(
      (await prisma.project.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.project_id))] } }, select: PROJECT_KEY_COLUMNS })).map((project) => [project.id, project]),
    );
    const updates: { id: string; sealed: string; from: number; to: number }[] = [];
    for (const row of rows) {
      const project = projects.get(row.project_id)!;
      const target = runtime.keyring.projectKeys(project);
      let plain: Buffer;
      try {
        plain = open(await encryptionKeyForVersion(runtime, project, row.version), row.sealed, table.aad(row.project_id, row.id, row.version));
      } catch {
        throw unreadableRow({ table: table.name, id: row.id, column: table.sealed, resumable: true });
      }
      updates.push({ id: row.id, sealed: seal(target.encryption, plain, table.aad(row.project_id, row.id, target.version)).toString('hex'), from: row.version, to: target.version });
      plain.fill(0);
    }
    const updated = await sql.query<{ id: string }>(
      `UPDATE ${table.name} AS t SET ${table.sealed} = decode(s.sealed, 'hex'), ${table.version} = s.to_version
       FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::text[]) AS sealed, unnest($3::int[]) AS from_version, unnest($4::int[]) AS to_version) AS s
       WHERE t.id = s.id AND t.${table.version} = s.from_version RETURNING t.id`,
      [updates.map((u) => u.id), updates.map((u) => u.sealed), updates.map((u) => u.from), updates.map((u) => u.to)],
    );
    total += updated.length;
  }
}
