// Start-up step: binds every ciphertext written before owner binding to its owner (issue 10). Project data
// keys are re-wrapped under `project:<id>` (and their fingerprint key wrapped beside them), then token payloads
// and processor configurations are re-sealed under `<projectId>/<id>`. Idempotent and resumable: each row
// carries its form (version 0 = legacy), a crash leaves converted and unconverted rows that both still open,
// and the next start goes on. A marker row ends it, so later starts pay one primary-key read.
import { dataKeyAad, fingerprintKeyAad, legacyFingerprintKey, PROJECT_KEY_COLUMNS } from '../crypto/keyring';
import type { Runtime } from '../runtime/types';
import { resealRows, SEALED_TABLES } from './reseal-rows';
import { VAULT_KEY, insertVaultKey, readVaultKey, vaultKeyAad } from '../keys/vault-keys';

export type BindingResult = { projects: number; tokens: number; merchants: number };

export async function bindCiphertextsToOwners(runtime: Pick<Runtime, 'db' | 'keyring'>): Promise<BindingResult | null> {
  const { sql, prisma } = runtime.db;
  if (await readVaultKey(sql, VAULT_KEY.ownerBinding)) return null;
  const legacyProjects = await prisma.project.findMany({ where: { dataKeyVersion: 0 }, select: PROJECT_KEY_COLUMNS });
  for (const project of legacyProjects) {
    const dataKey = runtime.keyring.unwrapDataKey(project);
    const data = {
      wrappedDataKey: runtime.keyring.wrapKey(dataKey, dataKeyAad(project.id)),
      dataKeyVersion: 1,
      fingerprintKeyWrapped: project.fingerprintKeyWrapped
        ? Buffer.from(project.fingerprintKeyWrapped)
        : runtime.keyring.wrapKey(legacyFingerprintKey(dataKey), fingerprintKeyAad(project.id)),
    };
    dataKey.fill(0);
    await prisma.project.updateMany({ where: { id: project.id, dataKeyVersion: 0 }, data });
  }
  const tokens = await resealRows(runtime, SEALED_TABLES.tokens, { where: 'key_version = 0', params: [] });
  const merchants = await resealRows(runtime, SEALED_TABLES.merchants, { where: 'processor_key_version = 0', params: [] });
  await insertVaultKey(sql, VAULT_KEY.ownerBinding, runtime.keyring.wrapKey(Buffer.from('bound'), vaultKeyAad(VAULT_KEY.ownerBinding)));
  return { projects: legacyProjects.length, tokens, merchants };
}
