// Chain key epochs: a new audit chain key replaces the current one (`vault keys rotate-master` starts one),
// and a "key change" seal links the two epochs. That seal covers no row; its content names the new epoch
// and the previous seal's MAC (made under the old key), and it is MAC'd under the new key (`mac`) AND the
// old key (`link_mac`): verify checks both, so neither epoch can be cut off or replaced. Every epoch's key
// stays in vault_keys, wrapped, addressable by its epoch (lib/audit/chain-key.ts); the sealer and the writers
// use the newest. Servers are stopped during a rotation: a row MAC'd under an old epoch's key after the
// key change seal is refused by the sealer as not written by the vault.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import { insertVaultKey, vaultKeyAad } from '../keys/vault-keys';
import { AUDIT_INSERT_LOCK, anchorOf, chainHead, insertSeal, nextSeal, sealAuditLog, type Anchor } from './audit-chain';
import { publishAnchors } from './anchor-file';
import { chainKeyName } from './chain-key';

export type AuditEpochRuntime = {
  db: Pick<Database, 'sql' | 'kind'>;
  keyring: Pick<Keyring, 'auditChainKey' | 'auditChainEpoch' | 'useAuditChainKey' | 'wrapKey'>;
  logger?: Pick<Logger, 'info' | 'error'>;
  config?: Pick<Config, 'AUDIT_ANCHOR_FILE'>;
};

export type AuditEpoch = { epoch: number; anchor: Anchor };

const ATTEMPTS = 10;

/**
 * Starts a new chain key epoch: seals every finished row under the current key, then, holding the audit
 * insert lock exclusively (no row can be written meanwhile), stores a new random key wrapped as
 * `audit-chain/epoch/<n>` and writes the key change seal, in one transaction. Afterwards `runtime.keyring`
 * signs with the new key. `wrapKey` wraps the new key (default: the runtime's master key; inside
 * rotate-master call this before its re-wrap of vault_keys, which then re-wraps it with every other key).
 */
export async function startAuditEpoch(runtime: AuditEpochRuntime, options: { wrapKey?: (key: Buffer, aad: string) => Buffer } = {}): Promise<AuditEpoch> {
  const wrapKey = options.wrapKey ?? ((key: Buffer, aad: string) => runtime.keyring.wrapKey(key, aad));
  const oldEpoch = runtime.keyring.auditChainEpoch();
  const oldKey = runtime.keyring.auditChainKey();
  const epoch = oldEpoch + 1;
  const name = chainKeyName(epoch);
  const newKey = randomBytes(32);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await sealAuditLog(runtime);
    const done = await runtime.db.sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${AUDIT_INSERT_LOCK})`);
      const head = await chainHead(tx);
      const [sequence] = await tx.query<{ last_value: string | bigint; is_called: boolean }>('SELECT last_value, is_called FROM audit_logs_seq_seq');
      const horizon = sequence?.is_called ? BigInt(sequence.last_value) : 0n;
      const lastSeq = head ? BigInt(head.last_seq) : 0n;
      // A row written since the sealing pass (or one the sealer refused): seal again first.
      if (horizon > lastSeq) return null;
      if (head && head.epoch !== oldEpoch) throw new Error(`the audit chain is at key epoch ${head.epoch}, not ${oldEpoch}`);
      // A key change seal: no rows, only the link from the old epoch's last seal.
      const seal = nextSeal(head, { epoch, lastSeq, rowIds: [], rowMacs: Buffer.alloc(0) });
      await insertVaultKey(tx, name, wrapKey(newKey, vaultKeyAad(name)));
      const mac = await insertSeal(tx, seal, newKey, oldKey);
      if (!mac) throw new Error(`seal ${seal.sealIndex} was written meanwhile`);
      return anchorOf({ seal_index: seal.sealIndex, last_seq: seal.lastSeq, row_count: seal.rowCount, mac });
    });
    if (!done) continue;
    runtime.keyring.useAuditChainKey(newKey, epoch);
    runtime.logger?.info({ event: 'audit.anchor', ...done, epoch }, 'audit.anchor');
    if (runtime.config?.AUDIT_ANCHOR_FILE) await publishAnchors(runtime.config.AUDIT_ANCHOR_FILE, [done]);
    return { epoch, anchor: done };
  }
  throw new Error('audit rows kept arriving (or a row not written by the vault is waiting): stop the servers and run it again');
}
