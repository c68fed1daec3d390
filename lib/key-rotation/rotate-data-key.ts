// `vault keys rotate-data-key --project ID [--reencrypt]` (PCI DSS 3.6.1, 3.7.4): a new random data key
// version for one project. New writes use it at once on this node and, on other nodes, once their cached
// project (API key cache) refreshes; everything sealed under an older version keeps opening, because the
// version is stored with each ciphertext and older versions stay in project_data_keys. `--reencrypt` then
// re-seals the project's tokens, processor configurations and webhook secrets under the new version, in
// batches. The fingerprint key does not rotate with it (fingerprints stay comparable across versions); it has
// its own rotation (rotate-fingerprint-key.ts).
import { randomBytes } from 'node:crypto';
import { dataKeyAad, effectiveVersion, fingerprintKeyAad, legacyFingerprintKey, PROJECT_KEY_COLUMNS } from '../crypto/keyring';
import type { Runtime } from '../runtime/types';
import { auditKeyCommand } from './audit-key-command';
import { resealRows, SEALED_TABLES } from './reseal-rows';
import { isUuid } from '../core/uuid';
import { KeyCommandError } from './key-command-error';

export { KeyCommandError } from './key-command-error';

type ProjectRow = { id: string; account_id: string; wrapped_data_key: Uint8Array; data_key_version: number; fingerprint_key_wrapped: Uint8Array | null };

export async function rotateDataKey(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger'>,
  options: { projectId: string },
): Promise<{ projectId: string; previousVersion: number; version: number }> {
  if (!isUuid(options.projectId)) throw new KeyCommandError('--project must be a project id (a UUID)');
  const rotated = await runtime.db.sql.transaction(async (tx) => {
    const [row] = await tx.query<ProjectRow>(
      'SELECT id, account_id, wrapped_data_key, data_key_version, fingerprint_key_wrapped FROM projects WHERE id = $1::uuid FOR UPDATE',
      [options.projectId],
    );
    if (!row) throw new KeyCommandError(`No project ${options.projectId}`);
    const previousVersion = effectiveVersion(row.data_key_version);
    const current = runtime.keyring.unwrapDataKey({ id: row.id, wrappedDataKey: row.wrapped_data_key, dataKeyVersion: row.data_key_version });
    let fingerprintKeyWrapped = row.fingerprint_key_wrapped;
    if (!fingerprintKeyWrapped) {
      if (previousVersion !== 1) throw new KeyCommandError(`project ${row.id} has no fingerprint key`);
      fingerprintKeyWrapped = runtime.keyring.wrapKey(legacyFingerprintKey(current), fingerprintKeyAad(row.id));
    }
    await tx.query('INSERT INTO project_data_keys (project_id, version, wrapped_key) VALUES ($1::uuid, $2, $3)', [
      row.id,
      previousVersion,
      runtime.keyring.wrapKey(current, dataKeyAad(row.id)),
    ]);
    current.fill(0);
    const next = randomBytes(32);
    await tx.query('UPDATE projects SET wrapped_data_key = $2, data_key_version = $3, fingerprint_key_wrapped = $4 WHERE id = $1::uuid', [
      row.id,
      runtime.keyring.wrapKey(next, dataKeyAad(row.id)),
      previousVersion + 1,
      fingerprintKeyWrapped,
    ]);
    next.fill(0);
    return { projectId: row.id, accountId: row.account_id, previousVersion, version: previousVersion + 1 };
  });
  await auditKeyCommand(runtime, {
    action: 'keys.rotate_data_key',
    accountId: rotated.accountId,
    projectId: rotated.projectId,
    resource: `project:${rotated.projectId}:data-key-v${rotated.version}`,
  });
  return { projectId: rotated.projectId, previousVersion: rotated.previousVersion, version: rotated.version };
}

/** Re-seals every token, processor configuration and webhook secret of the project that is not on its current version. */
export async function reencryptProject(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger'>,
  options: { projectId: string; batchSize?: number },
): Promise<{ version: number; tokens: number; merchants: number; webhookSecrets: number }> {
  if (!isUuid(options.projectId)) throw new KeyCommandError('--project must be a project id (a UUID)');
  const project = await runtime.db.prisma.project.findUnique({ where: { id: options.projectId }, select: { ...PROJECT_KEY_COLUMNS, accountId: true } });
  if (!project) throw new KeyCommandError(`No project ${options.projectId}`);
  const version = effectiveVersion(project.dataKeyVersion);
  const filter = (column: string) => ({ where: `project_id = $2::uuid AND ${column} <> $3`, params: [project.id, version] });
  const tokens = await resealRows(runtime, SEALED_TABLES.tokens, filter('key_version'), options.batchSize);
  const merchants = await resealRows(runtime, SEALED_TABLES.merchants, filter('processor_key_version'), options.batchSize);
  const webhookSecrets =
    (await resealRows(runtime, SEALED_TABLES.webhookSecrets, filter('secret_key_version'), options.batchSize)) +
    (await resealRows(runtime, SEALED_TABLES.previousWebhookSecrets, filter('previous_secret_sealed IS NOT NULL AND previous_secret_key_version'), options.batchSize));
  await auditKeyCommand(runtime, {
    action: 'keys.reencrypt',
    accountId: project.accountId,
    projectId: project.id,
    resource: `project:${project.id}:data-key-v${version}`,
  });
  return { version, tokens, merchants, webhookSecrets };
}
