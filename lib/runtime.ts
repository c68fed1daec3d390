// The process-wide services (database, store, keys, outbound dispatcher, logger), created once.
// Kept on globalThis because the custom server and Next's compiled route bundles load separate copies
// of lib/: both must share one database handle (PGlite is single-process) and one in-process store.
import type { Agent } from 'undici';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriter } from './audit/audit-writer';
import { startAuditSealer } from './audit/audit-sealer';
import { loadAuditChainKey } from './audit/chain-key';
import { upgradeLegacyAuditChain } from './audit/upgrade-legacy-chain';
import { sealRowsBeforeWriterMacs } from './audit/upgrade-writer-macs';
import { startWebhookWorker, type WebhookWorker } from './webhooks/start-webhook-worker';
import { createMailer, type Mailer } from './mail/send-mail';
import { getConfig, type Config } from './config';
import { loadMasterKey } from './crypto/master-key';
import { Keyring } from './crypto/keyring';
import { bindCiphertextsToOwners } from './keys/bind-to-owners';
import { loadSecretHashKey } from './keys/secret-hash-key';
import { loadServiceRoot } from './keys/service-root';
import { connectDatabase, type Database } from './db/connect';
import { startEventJobs } from './events/start-event-jobs';
import { createLogger, type Logger } from './logger';
import { createPspDispatcher } from './proxy/dispatcher';
import { normaliseAllowList } from './proxy/proxy-url';
import { connectStore } from './store/connect';
import { redisTopologyOf } from './store/redis-topology';
import type { KeyValueStore } from './store/types';

export type Runtime = {
  config: Config;
  logger: Logger;
  db: Database;
  store: KeyValueStore;
  keyring: Keyring;
  audit: AuditWriter;
  /** Outgoing mail: SMTP_URL, or .eml files under `mailDataDir`/outbox. */
  mailer: Mailer;
  mailDataDir: string;
  psp: Agent;
  /** Webhook deliveries: the same SSRF-guarded dispatcher as the PSP's, with the webhook time-out. */
  webhooks: Agent;
  allowedPrivateHosts: ReadonlySet<string>;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS, normalised: the webhook dispatcher's and endpoint URLs' own exceptions. */
  webhookAllowedPrivateHosts: ReadonlySet<string>;
  close(): Promise<void>;
};

const RUNTIME = Symbol.for('vault.runtime');
type Holder = { [RUNTIME]?: Promise<Runtime> };
const holder = globalThis as Holder;

export type StartOptions = {
  config?: Config;
  logger?: Logger;
  /** Apply pending migrations before serving (default true). */
  migrate?: boolean;
  /** Told which migrations were applied (`vault migrate` prints them). */
  onMigrated?: (applied: string[]) => void;
  /** `vault keys rotate-master` resuming: start although a rotation marker exists. */
  duringKeyRotation?: boolean;
  /**
   * Run a serving node's background work: webhook delivery and the event sweepers (default true; the CLI's
   * one-shot commands pass false). The audit sealer follows AUDIT_SEALER.
   */
  background?: boolean;
  /** Replaces the trusted CAs for PSP calls (in-process tests); servers use NODE_EXTRA_CA_CERTS. */
  pspCa?: string;
};

export async function createRuntime(options: StartOptions = {}): Promise<Runtime> {
  const config = options.config ?? getConfig();
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  const masterKey = loadMasterKey(config);
  const keyring = new Keyring(masterKey);
  const db = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    pooler: config.DATABASE_POOLER,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: config.VAULT_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    logger,
  });
  const audit = new AuditWriter(db, keyring);
  try {
    if (options.migrate !== false) {
      const applied = await db.migrate();
      if (applied.length) logger.info({ migrations: applied }, 'applied database migrations');
      options.onMigrated?.(applied);
    }
    await loadServiceRoot({ db, keyring }, { masterKey, duringRotation: options.duringKeyRotation });
    await loadAuditChainKey({ db, keyring });
    const keyedHashes = await loadSecretHashKey({ db, keyring });
    if (keyedHashes) logger.info({ keyedHashes }, 'keyed the stored secret hashes');
    if (options.migrate !== false) {
      const bound = await bindCiphertextsToOwners({ db, keyring });
      if (bound) logger.info({ bound }, 'bound stored ciphertexts to their owners');
      await upgradeLegacyAuditChain({ db, keyring, audit, logger });
      await sealRowsBeforeWriterMacs({ db, keyring, logger, config });
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  const store = await connectStore({
    redis: redisTopologyOf(config),
    keyPrefix: config.REDIS_KEY_PREFIX,
    memoryMaxEntries: config.MEMORY_STORE_MAX_ENTRIES,
    commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
    logger,
  });
  const allowedPrivateHosts = normaliseAllowList(config.PROXY_ALLOWED_PRIVATE_HOSTS);
  const webhookAllowedPrivateHosts = normaliseAllowList(config.WEBHOOK_ALLOWED_PRIVATE_HOSTS);
  // An in-memory database (tests) has no data folder: its outbox goes to a fresh temporary folder.
  const mailDataDir = config.VAULT_DATA_DIR === 'memory://' ? mkdtempSync(join(tmpdir(), 'vault-mail-')) : config.VAULT_DATA_DIR;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: mailDataDir, logger });
  // AUDIT_SEALER=off: no background sealing here (benchmarks, or a dedicated sealer elsewhere).
  const sealer = config.AUDIT_SEALER ? startAuditSealer({ db, keyring, logger, config }) : { stop: async () => {} };
  const eventJobs = config.WEBHOOK_WORKER && options.background !== false ? startEventJobs({ db, keyring, logger, config }) : { stop: async () => {} };
  const psp = createPspDispatcher({ allowedPrivateHosts, timeoutMs: config.PROXY_TIMEOUT_MS, ca: options.pspCa, logger });
  // Webhooks carry no card data but may be pointed anywhere by any member: PROXY_ALLOWED_PRIVATE_HOSTS never applies.
  const webhooks = createPspDispatcher({ allowedPrivateHosts: webhookAllowedPrivateHosts, timeoutMs: config.WEBHOOK_TIMEOUT_MS, connections: 16, ca: options.pspCa, logger });
  let worker: WebhookWorker | null = null;
  const runtime: Runtime = {
    config,
    logger,
    db,
    store,
    keyring,
    audit,
    mailer,
    mailDataDir,
    psp,
    webhooks,
    allowedPrivateHosts,
    webhookAllowedPrivateHosts,
    async close() {
      await worker?.stop();
      await sealer.stop();
      await eventJobs.stop();
      await psp.close().catch(() => {});
      await webhooks.close().catch(() => {});
      await store.close();
      await db.close();
    },
  };
  // WEBHOOK_WORKER=off: this process sends no webhooks (another node does; events still queue).
  if (config.WEBHOOK_WORKER && options.background !== false) worker = await startWebhookWorker(runtime);
  return runtime;
}

/** The shared runtime, created on first use (by the server at start, or lazily under `next dev`). */
export function getRuntime(): Promise<Runtime> {
  holder[RUNTIME] ??= createRuntime().catch((error) => {
    holder[RUNTIME] = undefined;
    throw error;
  });
  return holder[RUNTIME];
}

/** The shared runtime if one exists or is starting (never starts one): for logging on error paths. */
export async function existingRuntime(): Promise<Runtime | undefined> {
  return holder[RUNTIME]?.catch(() => undefined);
}

/** Installs a runtime made elsewhere (the server, tests) as the shared one. */
export function setRuntime(runtime: Runtime | undefined): void {
  holder[RUNTIME] = runtime ? Promise.resolve(runtime) : undefined;
}
