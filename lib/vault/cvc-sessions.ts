// CVC sessions: the security code lives only in the volatile store, encrypted under the project key,
// keyed by project and bound to one token. Production sessions are taken once (atomic GETDEL-style);
// test sessions are reusable until their TTL ends. Never in PostgreSQL, logs or audit rows.
// The stored value is `v<key version>.<sealed base64>`, so a session outlives a data key rotation; a
// value without the prefix predates versions (version 1).
import { randomUUID } from 'node:crypto';
import { open, seal } from '../crypto/aead';
import { VaultError, messages } from '../core/errors';
import { recordCvcSession } from '../metrics/cvc-metrics';
import { encodeBound, type CvcSessionMode, type KeyValueStore } from '../store/types';

const storeKey = (projectId: string, sessionId: string) => `cvc:${projectId}:${sessionId}`;
const aadFor = (sessionId: string) => `vault/cvc-session/${sessionId}`;

export async function createCvcSession(options: {
  store: KeyValueStore;
  projectId: string;
  encryption: { key: Buffer; version: number };
  tokenId: string;
  cvv: string;
  mode: CvcSessionMode;
  ttlSeconds: number;
}): Promise<string> {
  const sessionId = randomUUID();
  const sealed = `v${options.encryption.version}.${seal(options.encryption.key, options.cvv, aadFor(sessionId)).toString('base64')}`;
  await options.store.set(storeKey(options.projectId, sessionId), encodeBound(options.tokenId, options.mode, sealed), options.ttlSeconds);
  recordCvcSession('created');
  return sessionId;
}

/** The CVV of a session bound to this token and project; a `once` session is deleted by this call. */
export async function takeCvc(options: {
  store: KeyValueStore;
  projectId: string;
  /** The project's encryption key of a data key version. */
  keyFor: (version: number) => Promise<Buffer>;
  tokenId: string;
  sessionId: string;
}): Promise<string> {
  const stored = await options.store.takeBound(storeKey(options.projectId, options.sessionId), options.tokenId);
  if (stored === null) {
    recordCvcSession('expired');
    throw new VaultError('cvc_session_not_found', messages.cvcSessionNotFound);
  }
  recordCvcSession('used');
  const versioned = /^v(\d+)\.(.*)$/s.exec(stored);
  const [version, sealed] = versioned ? [Number(versioned[1]), versioned[2]!] : [1, stored];
  return open(await options.keyFor(version), Buffer.from(sealed, 'base64'), aadFor(options.sessionId)).toString('utf8');
}

/** Forgets a session without using it; unknown, expired or another project's session → 404. */
export async function deleteCvcSession(options: { store: KeyValueStore; projectId: string; sessionId: string }): Promise<void> {
  if (!(await options.store.delete(storeKey(options.projectId, options.sessionId)))) {
    throw new VaultError('cvc_session_not_found', messages.cvcSessionNotFound);
  }
  recordCvcSession('deleted');
}
