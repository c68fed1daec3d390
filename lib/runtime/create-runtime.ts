// The composition root: connects the database, runs the boot steps, connects the store, makes the outbound
// dispatchers and the mailer, starts the background work, and closes it all in the reverse order. Only the
// process holder (lib/runtime/shared.ts) and the entry points (server, CLI) create a runtime.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditWriter } from '../audit/audit-writer';
import { getConfig, type Config } from '../config';
import { Keyring } from '../crypto/keyring';
import { loadMasterKey } from '../crypto/master-key';
import { connectDatabase } from '../db/connect';
import { createLogger, type Logger } from '../logger';
import { createMailer } from '../mail/send-mail';
import { createPspDispatcher } from '../outbound/dispatcher';
import { normaliseAllowList } from '../outbound/proxy-url';
import { connectStore } from '../store/connect';
import { redisTopologyOf } from '../store/redis-topology';
import type { WebhookWorker } from '../webhooks/start-webhook-worker';
import { startSealerAndJobs, startWebhooks } from './background';
import { bootDatabase, type BootOptions } from './boot';
import type { Runtime } from './types';

export type StartOptions = BootOptions & {
  config?: Config;
  logger?: Logger;
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
  const background = options.background !== false;
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
    await bootDatabase({ db, keyring, audit, logger, config, masterKey }, options);
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
  const sealerAndJobs = startSealerAndJobs({ db, keyring, logger, config }, background);
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
      await sealerAndJobs.stop();
      await psp.close().catch(() => {});
      await webhooks.close().catch(() => {});
      await store.close();
      await db.close();
    },
  };
  worker = await startWebhooks(runtime, background);
  return runtime;
}
