// What a process runs on its database before it serves: the migrations, the keys (service root, audit
// chain key, secret hash key) and the one-time upgrades of stored rows (ciphertexts bound to their owners,
// the legacy audit chain, writer MACs). Each upgrade is a no-op once done.
import type { AuditWriter } from '../audit/audit-writer';
import { loadAuditChainKey } from '../audit/chain-key';
import { upgradeLegacyAuditChain } from '../audit/upgrade-legacy-chain';
import { sealRowsBeforeWriterMacs } from '../audit/upgrade-writer-macs';
import type { Config } from '../config';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import { bindCiphertextsToOwners } from '../key-rotation/bind-to-owners';
import { loadSecretHashKey } from '../keys/secret-hash-key';
import { loadServiceRoot } from '../keys/service-root';
import type { Logger } from '../logger';

export type BootOptions = {
  /** Apply pending migrations and the row upgrades (default true). */
  migrate?: boolean;
  onMigrated?: (applied: string[]) => void;
  duringKeyRotation?: boolean;
};

export async function bootDatabase(
  services: { db: Database; keyring: Keyring; audit: AuditWriter; logger: Logger; config: Config; masterKey: Buffer },
  options: BootOptions,
): Promise<void> {
  const { db, keyring, audit, logger, config } = services;
  if (options.migrate !== false) {
    const applied = await db.migrate();
    if (applied.length) logger.info({ migrations: applied }, 'applied database migrations');
    options.onMigrated?.(applied);
  }
  await loadServiceRoot({ db, keyring }, { masterKey: services.masterKey, duringRotation: options.duringKeyRotation });
  await loadAuditChainKey({ db, keyring });
  const keyedHashes = await loadSecretHashKey({ db, keyring });
  if (keyedHashes) logger.info({ keyedHashes }, 'keyed the stored secret hashes');
  if (options.migrate !== false) {
    const bound = await bindCiphertextsToOwners({ db, keyring });
    if (bound) logger.info({ bound }, 'bound stored ciphertexts to their owners');
    await upgradeLegacyAuditChain({ db, keyring, audit, logger });
    await sealRowsBeforeWriterMacs({ db, keyring, logger, config });
  }
}
