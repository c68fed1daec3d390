// OpenPGP keys for bulk import and export (issue 26), with OpenPGP.js (`openpgp`, pinned): the import key
// pairs a project receives files with, and the checks a recipient's key must pass before anything is
// encrypted to it. Curve25519 keys are made in the v4 "legacy" form (EdDSA + ECDH over Curve25519), the
// one GnuPG 2.2 and every other OpenPGP tool in use can encrypt to; RFC 9580's new X25519 form is accepted
// from recipients.
import * as openpgp from 'openpgp';

export type ImportKeyAlgorithm = 'curve25519' | 'rsa4096';

export type GeneratedKeyPair = {
  /** Lowercase hex (40 characters for a v4 key). */
  fingerprint: string;
  algorithm: ImportKeyAlgorithm;
  publicKeyArmored: string;
  /** The private key's binary packets (unprotected: the caller wraps them with the master key at once). */
  privateKeyBinary: Buffer;
};

/** A new key pair for receiving import files (Curve25519 by default, RSA-4096 on request). */
export async function generateImportKeyPair(algorithm: ImportKeyAlgorithm, name: string): Promise<GeneratedKeyPair> {
  const options =
    algorithm === 'rsa4096' ? ({ type: 'rsa', rsaBits: 4096 } as const) : ({ type: 'ecc', curve: 'curve25519Legacy' } as const);
  const { privateKey } = await openpgp.generateKey({ ...options, userIDs: [{ name }], format: 'object' });
  return {
    fingerprint: privateKey.getFingerprint(),
    algorithm,
    publicKeyArmored: privateKey.toPublic().armor(),
    privateKeyBinary: Buffer.from(privateKey.write()),
  };
}

/** Reads a private key written by generateImportKeyPair (after unwrapping it). */
export function readImportPrivateKey(binary: Uint8Array): Promise<openpgp.PrivateKey> {
  return openpgp.readPrivateKey({ binaryKey: binary });
}

/** Why a recipient or signer key is refused: shown to the user as the 400's message. */
export class OpenPgpKeyError extends Error {}

/** Reads an armored public key (a private key is refused: only the recipient holds theirs). */
export async function readArmoredPublicKey(armored: string): Promise<openpgp.PublicKey> {
  let key: openpgp.Key;
  try {
    key = await openpgp.readKey({ armoredKey: armored });
  } catch {
    throw new OpenPgpKeyError('is not an armored OpenPGP public key');
  }
  if (key.isPrivate()) throw new OpenPgpKeyError('is a private key: send only the public key');
  return key as openpgp.PublicKey;
}

const CURVE25519 = new Set(['x25519', 'curve25519Legacy']);

/**
 * The strength rule for export recipients: the key that will decrypt (its encryption subkey, or the
 * primary key when that is the one) is RSA of 3072 bits or more, or Curve25519. Others are refused with the
 * reason. Returns the key's fingerprint.
 */
export async function checkRecipientKey(key: openpgp.PublicKey): Promise<string> {
  let encryptionKey: Awaited<ReturnType<openpgp.PublicKey['getEncryptionKey']>>;
  try {
    encryptionKey = await key.getEncryptionKey();
  } catch {
    throw new OpenPgpKeyError('has no valid encryption key (expired, revoked, or signing-only)');
  }
  const info = encryptionKey.getAlgorithmInfo() as { algorithm: string; bits?: number; curve?: string };
  if (info.algorithm.startsWith('rsa')) {
    if ((info.bits ?? 0) < 3072) throw new OpenPgpKeyError(`is RSA-${info.bits ?? '?'}: RSA keys must have at least 3072 bits`);
    return key.getFingerprint();
  }
  if (info.algorithm === 'x25519' || (info.algorithm === 'ecdh' && info.curve && CURVE25519.has(info.curve))) return key.getFingerprint();
  throw new OpenPgpKeyError(`uses ${info.curve ?? info.algorithm}: only RSA (3072 bits or more) and Curve25519 keys are accepted`);
}

/** A fingerprint as users write it (spaces, colons, either case, an optional 0x) in the stored form. */
export function normaliseFingerprint(text: string): string {
  return text.replace(/^0x/i, '').replace(/[\s:]/g, '').toLowerCase();
}
