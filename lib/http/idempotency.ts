// Idempotency-Key (Stripe semantics), scoped per application: the first response to a key is stored
// for 24 h and replayed byte-for-byte; the same key with another request is a 422; a key whose first
// request is still running is a 409. 5xx responses are not stored, so a retry can succeed.
// Records are sealed (AES-256-GCM, like CVC sessions) under a key from the keyring and bound to their
// store key: they hold PSP answers, tokens and CVC session ids, and nothing of them is readable in Redis
// or the in-process store, nor can a record be moved to another application's key.
import { createHash, createHmac } from 'node:crypto';
import { open, seal } from '../crypto/aead';
import type { KeyValueStore } from '../store/types';
import { recordIdempotentReplay } from '../metrics/idempotency-metrics';
import { VaultError } from '../core/errors';

const DONE_TTL_SECONDS = 24 * 60 * 60;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

type Running = { state: 'running'; fingerprint: string };
type Done = { state: 'done'; fingerprint: string; status: number; headers: [string, string][]; body: string };

export type IdempotencyClaim =
  | { kind: 'replay'; response: Response }
  /** complete() stores the response for replay (never throws: if the store fails, the key is released). */
  | { kind: 'claimed'; complete(response: Response): Promise<Response> };

export function readIdempotencyKey(request: Request): string | null {
  const key = request.headers.get('idempotency-key');
  if (key === null) return null;
  if (!KEY_SHAPE.test(key)) {
    throw VaultError.validation([{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  return key;
}

/** Headers that are part of the request's meaning: the proxy takes its token, PSP URL and CVC session from them. */
const FINGERPRINTED_HEADERS = ['content-type', 'x-token', 'x-proxy-url', 'x-cvc-session-id'];

/**
 * Identifies "the same request". Keyed (HMAC): the body holds card data, and an unkeyed hash of a PAN
 * kept for 24 h could be brute-forced from its BIN and last digits.
 */
export function requestFingerprint(request: Request, body: Uint8Array, key: Buffer): string {
  const url = new URL(request.url);
  const headers = JSON.stringify(FINGERPRINTED_HEADERS.map((name) => request.headers.get(name)));
  return createHmac('sha256', key)
    .update(`${request.method} ${url.pathname}${url.search}\n${headers}\n`)
    .update(body)
    .digest('hex');
}

const aadFor = (storeKey: string) => `vault/idempotency/${storeKey}`;

/** A record as stored: sealed, base64. */
function sealRecord(encryptionKey: Buffer, storeKey: string, record: Running | Done): string {
  return seal(encryptionKey, JSON.stringify(record), aadFor(storeKey)).toString('base64');
}

/**
 * A stored record opened, or null when it cannot be (sealed under another key, moved from another
 * store key, or written in plain text before records were sealed): it then proves nothing about the
 * request it belongs to.
 */
function openRecord(encryptionKey: Buffer, storeKey: string, stored: string): Running | Done | null {
  try {
    return JSON.parse(open(encryptionKey, Buffer.from(stored, 'base64'), aadFor(storeKey)).toString('utf8')) as Running | Done;
  } catch {
    return null;
  }
}

export async function claimIdempotencyKey(options: {
  store: KeyValueStore;
  applicationId: string;
  key: string;
  fingerprint: string;
  runningTtlSeconds: number;
  /** Seals the stored records (a keyring service key). */
  encryptionKey: Buffer;
}): Promise<IdempotencyClaim> {
  const { encryptionKey } = options;
  const storeKey = `idem:${options.applicationId}:${createHash('sha256').update(options.key).digest('hex')}`;
  const running: Running = { state: 'running', fingerprint: options.fingerprint };
  if (!(await options.store.setIfAbsent(storeKey, sealRecord(encryptionKey, storeKey, running), options.runningTtlSeconds))) {
    const existing = await options.store.get(storeKey);
    // Vanished between the two calls (expired or abandoned): treat as in progress; the client retries.
    // A record that cannot be opened is never replayed: the key counts as used by another request.
    const record = existing ? openRecord(encryptionKey, storeKey, existing) : running;
    if (!record || record.fingerprint !== options.fingerprint) {
      throw new VaultError('idempotency_key_reused', 'Idempotency-Key was already used with a different request');
    }
    if (record.state === 'running') {
      throw new VaultError('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
    }
    const headers = new Headers(record.headers);
    headers.set('idempotent-replayed', 'true');
    recordIdempotentReplay();
    return { kind: 'replay', response: new Response(Buffer.from(record.body, 'base64'), { status: record.status, headers }) };
  }
  return {
    kind: 'claimed',
    async complete(response) {
      if (response.status >= 500) {
        await options.store.delete(storeKey).catch(() => {});
        return response;
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers.entries()];
      const done: Done = { state: 'done', fingerprint: options.fingerprint, status: response.status, headers, body: body.toString('base64') };
      await options.store.set(storeKey, sealRecord(encryptionKey, storeKey, done), DONE_TTL_SECONDS).catch(() => options.store.delete(storeKey).catch(() => {}));
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}
