// Envelope encryption: each project has its own random data key, stored only wrapped by the master key.
// Purpose keys are derived from the data key with HKDF so one secret never serves two algorithms.
import { hkdfSync, randomBytes } from 'node:crypto';
import { open, seal } from './aead';

export type ProjectKeys = {
  /** AES-256-GCM key for token payloads and CVC session values. */
  encryption: Buffer;
  /** HMAC-SHA256 key for card/account fingerprints: stable per project, useless elsewhere. */
  fingerprint: Buffer;
};

const WRAP_AAD = 'vault/project-data-key/v1';

function derive(dataKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), `vault/${purpose}/v1`, 32));
}

export class Keyring {
  private readonly unwrapped = new Map<string, ProjectKeys>();

  constructor(private readonly masterKey: Buffer) {}

  /** A new wrapped data key for a project about to be created. */
  newWrappedDataKey(): Buffer<ArrayBuffer> {
    return seal(this.masterKey, randomBytes(32), WRAP_AAD);
  }

  /** Unwraps once per project and process; the wrapped key is immutable, so caching is safe. */
  projectKeys(projectId: string, wrappedDataKey: Uint8Array): ProjectKeys {
    let keys = this.unwrapped.get(projectId);
    if (!keys) {
      const dataKey = open(this.masterKey, wrappedDataKey, WRAP_AAD);
      keys = { encryption: derive(dataKey, 'encryption'), fingerprint: derive(dataKey, 'fingerprint') };
      dataKey.fill(0);
      this.unwrapped.set(projectId, keys);
    }
    return keys;
  }

  private readonly serviceKeys = new Map<string, Buffer>();

  /** A key for one internal purpose (e.g. `idempotency`), derived from the master key. */
  serviceKey(purpose: string): Buffer {
    let key = this.serviceKeys.get(purpose);
    if (!key) {
      key = derive(this.masterKey, `service/${purpose}`);
      this.serviceKeys.set(purpose, key);
    }
    return key;
  }

  /** Secrets the operator may need to show again (a production project's pub key). */
  wrapSecret(value: string, context: string): Buffer<ArrayBuffer> {
    return seal(this.masterKey, value, `vault/secret/${context}`);
  }

  unwrapSecret(sealed: Uint8Array, context: string): string {
    return open(this.masterKey, sealed, `vault/secret/${context}`).toString('utf8');
  }
}
