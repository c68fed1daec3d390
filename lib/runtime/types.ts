// The Runtime type: the process-wide services every domain function receives (usually narrowed with Pick).
// Type-only, and only of core and infrastructure: domains import it without importing the composition root
// (lib/runtime/create-runtime.ts), which is what used to tie audit, keys, merchants and webhooks into one
// import cycle.
import type { Agent } from 'undici';
import type { Config } from '../config';
import type { AuditEntry } from '../core/audit-entry';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/send-mail';
import type { KeyValueStore } from '../store/types';

/** Appends audit rows: lib/audit/audit-writer.ts (batched, each row with its writer MAC). */
export type AuditLog = { write(entry: AuditEntry): Promise<void> };

export type Runtime = {
  config: Config;
  logger: Logger;
  db: Database;
  store: KeyValueStore;
  keyring: Keyring;
  audit: AuditLog;
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
