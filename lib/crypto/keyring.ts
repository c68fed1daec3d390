// Envelope encryption. The master key (outside the database) only wraps keys: each project's data keys
// (one per version), its fingerprint key, the installation's service root key and pub keys. Rotating the
// master key therefore re-wraps those few rows and never touches a ciphertext (lib/key-rotation/rotate-master.ts).
// Every wrap is bound to its owner by the AEAD's associated data (`project:<id>`), so a wrapped key copied
// into another project's row does not open there.
import { hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { open, seal } from './aead';
import { hmacSha256Hex, sha256Hex } from './hash';

/** What a project row carries about its keys (selected with PROJECT_KEY_COLUMNS). */
export type ProjectKeyRef = {
  id: string;
  wrappedDataKey: Uint8Array;
  /** 0: wrapped before owner binding (version 1 under the legacy AAD); see the start-up re-seal. */
  dataKeyVersion: number;
  fingerprintKeyWrapped: Uint8Array | null;
  /** Bumped by each fingerprint key rotation: a cached fingerprint key is one of this version. */
  fingerprintKeyVersion: number;
};

/** The Prisma `select` of a project's key columns. */
export const PROJECT_KEY_COLUMNS = { id: true, wrappedDataKey: true, dataKeyVersion: true, fingerprintKeyWrapped: true, fingerprintKeyVersion: true } as const;

export type ProjectKeys = {
  /** The data key version new ciphertexts are sealed under (stored with each of them). */
  version: number;
  /** AES-256-GCM key for token payloads, processor configurations and CVC session values. */
  encryption: Buffer;
  /** HMAC-SHA256 key for card/account fingerprints: per project, kept across data key rotations, useless elsewhere. */
  fingerprint: Buffer;
};

const LEGACY_DATA_KEY_AAD = 'vault/project-data-key/v1';
export const dataKeyAad = (projectId: string) => `project:${projectId}`;
export const fingerprintKeyAad = (projectId: string) => `project:${projectId}/fingerprint`;
/** A version stamp of 0 means version 1 written before owner binding. */
export const effectiveVersion = (stamp: number) => Math.max(1, stamp);

function derive(key: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `vault/${purpose}/v1`, 32));
}

/** Older projects' fingerprint key: derived from their first data key, as before fingerprint keys were wrapped. */
export const legacyFingerprintKey = (dataKey: Buffer) => derive(dataKey, 'fingerprint');
const encryptionKeyOf = (dataKey: Buffer) => derive(dataKey, 'encryption');

export class Keyring {
  /** Unwrapped keys by `projectId:version` (encryption, fingerprint); a version's wrapped key never changes meaning. */
  private readonly encryptionKeys = new Map<string, Buffer>();
  private readonly fingerprintKeys = new Map<string, Buffer>();
  private readonly serviceKeys = new Map<string, Buffer>();
  private serviceRoot: Buffer | null = null;
  /** Service keys of replaced service roots, by purpose (lib/keys/kept-service-keys.ts). */
  private readonly keptServiceKeys = new Map<string, Buffer[]>();
  /** The audit chain's keys by epoch; the newest signs (lib/audit/audit-epochs.ts). */
  private readonly chainKeys = new Map<number, Buffer>();
  private secretHashKey: Buffer | null = null;

  constructor(private readonly masterKey: Buffer) {}

  /** Seals a key under the master key, bound to `aad`. */
  wrapKey(key: Buffer, aad: string): Buffer<ArrayBuffer> {
    return seal(this.masterKey, key, aad);
  }

  /** Throws when the master key or the owner is not the one the key was wrapped for. */
  unwrapKey(wrapped: Uint8Array, aad: string): Buffer {
    return open(this.masterKey, wrapped, aad);
  }

  /** The wrapped data key and fingerprint key of a project about to be created (version 1). */
  newProjectKeys(projectId: string): { wrappedDataKey: Buffer<ArrayBuffer>; dataKeyVersion: number; fingerprintKeyWrapped: Buffer<ArrayBuffer> } {
    return {
      wrappedDataKey: this.wrapKey(randomBytes(32), dataKeyAad(projectId)),
      dataKeyVersion: 1,
      fingerprintKeyWrapped: this.wrapKey(randomBytes(32), fingerprintKeyAad(projectId)),
    };
  }

  /** A project's current data key (unwrapped once per process and version). */
  unwrapDataKey(project: Pick<ProjectKeyRef, 'id' | 'wrappedDataKey' | 'dataKeyVersion'>): Buffer {
    return this.unwrapKey(project.wrappedDataKey, project.dataKeyVersion === 0 ? LEGACY_DATA_KEY_AAD : dataKeyAad(project.id));
  }

  /** The keys new ciphertexts of this project use. */
  projectKeys(project: ProjectKeyRef): ProjectKeys {
    const version = effectiveVersion(project.dataKeyVersion);
    const cacheKey = `${project.id}:${version}`;
    let encryption = this.encryptionKeys.get(cacheKey);
    const fingerprintCacheKey = `${project.id}:${project.fingerprintKeyVersion}`;
    let fingerprint = this.fingerprintKeys.get(fingerprintCacheKey);
    if (!encryption || !fingerprint) {
      const dataKey = this.unwrapDataKey(project);
      encryption ??= encryptionKeyOf(dataKey);
      if (!fingerprint) {
        if (project.fingerprintKeyWrapped) fingerprint = this.unwrapKey(project.fingerprintKeyWrapped, fingerprintKeyAad(project.id));
        else if (version === 1) fingerprint = legacyFingerprintKey(dataKey);
        else throw new Error(`project ${project.id} has data key version ${version} but no fingerprint key`);
      }
      dataKey.fill(0);
      this.encryptionKeys.set(cacheKey, encryption);
      this.fingerprintKeys.set(fingerprintCacheKey, fingerprint);
    }
    return { version, encryption, fingerprint };
  }

  /** The encryption key of an earlier version, from its wrapped key (project_data_keys); null if not cached and none given. */
  versionEncryptionKey(projectId: string, version: number, wrappedKey?: Uint8Array): Buffer | null {
    const cacheKey = `${projectId}:${version}`;
    let key = this.encryptionKeys.get(cacheKey);
    if (!key && wrappedKey) {
      const dataKey = this.unwrapKey(wrappedKey, dataKeyAad(projectId));
      key = encryptionKeyOf(dataKey);
      dataKey.fill(0);
      this.encryptionKeys.set(cacheKey, key);
    }
    return key ?? null;
  }

  /**
   * Drops (and zeroes) every key of a deleted project this process unwrapped: its data keys are destroyed in
   * the database (crypto-shredding, lib/projects/delete-project.ts), so no copy should outlive them here.
   */
  forgetProject(projectId: string): void {
    for (const cache of [this.encryptionKeys, this.fingerprintKeys]) {
      for (const [cacheKey, key] of cache) {
        if (!cacheKey.startsWith(`${projectId}:`)) continue;
        key.fill(0);
        cache.delete(cacheKey);
      }
    }
  }

  /**
   * Installs the service root key (lib/keys/service-root.ts reads it from vault_keys at start), with the keys
   * kept from replaced roots by purpose: 32-byte keys one after the other (lib/keys/kept-service-keys.ts).
   */
  useServiceRoot(root: Buffer, kept: Record<string, Buffer | null> = {}): void {
    this.serviceRoot = root;
    this.keptServiceKeys.clear();
    for (const [purpose, keys] of Object.entries(kept)) {
      const split: Buffer[] = [];
      for (let at = 0; keys && at + 32 <= keys.length; at += 32) split.push(keys.subarray(at, at + 32));
      this.keptServiceKeys.set(purpose, split);
    }
    this.serviceKeys.clear();
  }

  /**
   * Keys of a purpose: the current one first, then those kept from the service roots rotate-master replaced
   * (each opens only what was made under it; the roots themselves are gone).
   */
  serviceKeysOf(purpose: string): Buffer[] {
    return [this.serviceKey(purpose), ...(this.keptServiceKeys.get(purpose) ?? [])];
  }

  /** Keys backup codes may be hashed under (current first). */
  backupCodeKeys(): Buffer[] {
    return this.serviceKeysOf('backup-codes');
  }

  /** Installs an audit chain HMAC key of an epoch (lib/audit/chain-key.ts reads them from vault_keys at start). */
  useAuditChainKey(key: Buffer, epoch = 1): void {
    this.chainKeys.set(epoch, key);
  }

  /** The newest epoch's key (what writers and the sealer use), or the key of `epoch`. */
  auditChainKey(epoch?: number): Buffer {
    const key = this.chainKeys.get(epoch ?? this.auditChainEpoch());
    if (!key) throw new Error(epoch === undefined ? 'the audit chain key is not loaded yet' : `the audit chain key of epoch ${epoch} is not loaded`);
    return key;
  }

  /** The newest audit chain key epoch loaded (0 before any). */
  auditChainEpoch(): number {
    return Math.max(0, ...this.chainKeys.keys());
  }

  /** Installs the key of stored secret hashes (lib/keys/secret-hash-key.ts reads it from vault_keys at start). */
  useSecretHashKey(key: Buffer): void {
    this.secretHashKey = key;
  }

  /**
   * The stored form of a random secret (API key, service key, reset or invitation token): HMAC-SHA256 under
   * the installation's secret-hash key of the secret's SHA-256 hex, so rows written before keying convert
   * without the secret (`keyDigest(old)`) and a database writer cannot mint a hash that matches.
   */
  hashSecret(secret: string): string {
    return this.keyDigest(sha256Hex(secret));
  }

  /** The stored form of a secret from its SHA-256 hex (what the API key cache is keyed by). */
  keyDigest(digest: string): string {
    if (!this.secretHashKey) throw new Error('the secret-hash key is not loaded yet');
    return hmacSha256Hex(this.secretHashKey, digest);
  }

  /** Whether `key` is this keyring's master key (a legacy service root is). */
  isMasterKey(key: Buffer): boolean {
    return key.length === this.masterKey.length && timingSafeEqual(key, this.masterKey);
  }

  /** A key for one internal purpose (e.g. `idempotency`), derived from the service root key. */
  serviceKey(purpose: string): Buffer {
    let key = this.serviceKeys.get(purpose);
    if (!key) {
      if (!this.serviceRoot) throw new Error('the service root key is not loaded yet');
      key = derive(this.serviceRoot, `service/${purpose}`);
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
