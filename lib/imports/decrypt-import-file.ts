// One decrypting pass over an import file (issue 26), streamed: OpenPGP.js reads the encrypted bytes as a
// web stream and hands back the plaintext as it goes. OpenPGP.js releases streamed plaintext BEFORE it has
// checked the file's integrity (the MDC of SEIPDv1, or the final AEAD tag of SEIPDv2: the check happens at
// the end of the stream), so a caller must not store anything from a pass until `verified` has resolved:
// run-import.ts makes a first pass that stores nothing, and imports only in a second one. Failures become
// ImportFailure codes, never OpenPGP's messages (they never hold plaintext, but stay generic anyway).
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import * as openpgp from 'openpgp';
import { normaliseFingerprint } from '../crypto/openpgp-keys';
import { ImportFailure } from './import-failure';

export type DecryptionKey = { fingerprint: string; key: openpgp.PrivateKey };

export type SignerRequirement = { fingerprint: string; publicKey: openpgp.PublicKey } | null;

export type DecryptedPass = {
  /** The plaintext; read it to the end (or destroy it) before awaiting `verified`. */
  plaintext: Readable;
  /** Resolves once the whole file was read and passed its integrity (and signature) checks. */
  verified: Promise<{ keyFingerprint: string; sha256: string; bytes: number; segments: Buffer[] }>;
};

export const failures = {
  empty: () => new ImportFailure('empty_file', 'The file is empty (0 bytes)'),
  notOpenPgp: () => new ImportFailure('not_openpgp', 'The file is not an OpenPGP-encrypted message'),
  noKey: () => new ImportFailure('no_matching_key', 'The file is not encrypted to an active import key of this project (another key, or a revoked one)'),
  integrity: () => new ImportFailure('integrity_check_failed', 'The file failed its OpenPGP integrity check (modified or truncated): nothing was imported'),
  unsigned: (fingerprint: string) => new ImportFailure('signature_required', `The file is not signed, and a signature by ${fingerprint} is required`),
  wrongSigner: (fingerprint: string) => new ImportFailure('signer_mismatch', `The file is not signed by ${fingerprint} (another signer, or an invalid signature)`),
};

/** Reads the signer's armored public key; its fingerprint must be the required one. */
export async function readSignerKey(armored: string, requireSigner: string): Promise<openpgp.PublicKey> {
  let key: openpgp.Key;
  try {
    key = await openpgp.readKey({ armoredKey: armored });
  } catch {
    throw new ImportFailure('invalid_signer_key', 'The signer key is not an armored OpenPGP public key');
  }
  const wanted = normaliseFingerprint(requireSigner);
  const fingerprints = [key.getFingerprint(), ...key.getSubkeys().map((subkey) => subkey.getFingerprint())];
  if (!fingerprints.includes(wanted)) throw new ImportFailure('invalid_signer_key', `The signer key is not the key ${wanted}`);
  return key.toPublic();
}

/** The signer an import requires (null: none), its public key read and checked against the fingerprint. */
export async function signerRequirement(requireSigner: string | null | undefined, signerKey: string | undefined): Promise<SignerRequirement> {
  if (!requireSigner) return null;
  const fingerprint = normaliseFingerprint(requireSigner);
  if (!signerKey) throw new ImportFailure('signer_key_missing', `A signature by ${fingerprint} is required, but no signer public key was given to check it`);
  return { fingerprint, publicKey: await readSignerKey(signerKey, fingerprint) };
}

/** The size of the segments the file's bytes are hashed in (pass 1) and checked against (pass 2). */
export const SEGMENT_BYTES = 1 << 20;

/**
 * Counts and hashes the encrypted bytes as they pass: the whole file's SHA-256 and one per segment. Given
 * the segments of an earlier pass (`expect`), it holds each segment back until it has checked it, so not
 * one byte of a file changed between the passes reaches the decryption (a swapped file fails at once).
 */
function meter(expect: Buffer[] | undefined): { transform: Transform; result: () => { sha256: string; bytes: number; segments: Buffer[] } } {
  const whole = createHash('sha256');
  const segments: Buffer[] = [];
  let segment = createHash('sha256');
  let held: Buffer[] = [];
  let inSegment = 0;
  let bytes = 0;
  let sha256 = '';
  const changed = () => new ImportFailure('file_changed', 'The file changed since its integrity pass: nothing more was imported');
  const close = (push: (chunk: Buffer) => void) => {
    const digest = segment.digest();
    if (expect) {
      const wanted = expect[segments.length];
      if (!wanted || !wanted.equals(digest)) throw changed();
      for (const part of held) push(part);
      held = [];
    }
    segments.push(digest);
    segment = createHash('sha256');
    inSegment = 0;
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        whole.update(chunk);
        bytes += chunk.byteLength;
        for (let offset = 0; offset < chunk.byteLength; ) {
          const take = Math.min(SEGMENT_BYTES - inSegment, chunk.byteLength - offset);
          const part = chunk.subarray(offset, offset + take);
          segment.update(part);
          if (expect) held.push(part);
          else this.push(part);
          inSegment += take;
          offset += take;
          if (inSegment === SEGMENT_BYTES) close((data) => this.push(data));
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (inSegment > 0) close((data) => this.push(data));
        if (expect && segments.length !== expect.length) throw changed();
        sha256 = whole.digest('hex');
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  return { transform, result: () => ({ sha256, bytes, segments }) };
}

export async function decryptImportFile(
  source: Readable,
  keys: DecryptionKey[],
  signer: SignerRequirement,
  /** Pass 2: the segment hashes of pass 1, checked before the bytes go on. */
  expectSegments?: Buffer[],
): Promise<DecryptedPass> {
  const metered = meter(expectSegments);
  source.on('error', (error) => metered.transform.destroy(error));
  let streamFailure: ImportFailure | undefined;
  metered.transform.on('error', (error) => {
    if (error instanceof ImportFailure) streamFailure = error;
  });
  const encrypted = source.pipe(metered.transform);
  // An empty file: nothing to read a message from.
  const first = await new Promise<Buffer | null>((resolve, reject) => {
    const onReadable = () => {
      const chunk = encrypted.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      encrypted.unshift(chunk);
      resolve(chunk);
    };
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (error: Error) => (cleanup(), reject(error));
    const cleanup = () => {
      encrypted.off('readable', onReadable);
      encrypted.off('end', onEnd);
      encrypted.off('error', onError);
    };
    encrypted.on('readable', onReadable);
    encrypted.on('end', onEnd);
    encrypted.on('error', onError);
  });
  if (!first || first.byteLength === 0) throw failures.empty();

  let message: openpgp.Message<ReadableStream<Uint8Array>>;
  try {
    message = await openpgp.readMessage({ binaryMessage: Readable.toWeb(encrypted) as ReadableStream<Uint8Array> });
  } catch {
    encrypted.destroy();
    throw failures.notOpenPgp();
  }
  // The key the file was encrypted to, among the project's active ones (a hidden recipient: try them all).
  const recipients = message.getEncryptionKeyIDs().map((id) => id.toHex());
  const usable = recipients.length === 0 || recipients.includes('0000000000000000')
    ? keys
    : keys.filter(({ key }) => key.getKeyIDs().some((id) => recipients.includes(id.toHex())));
  if (!usable.length) {
    encrypted.destroy();
    throw failures.noKey();
  }
  let result: Awaited<ReturnType<typeof openpgp.decrypt>>;
  try {
    result = await openpgp.decrypt({
      message,
      decryptionKeys: usable.map(({ key }) => key),
      ...(signer ? { verificationKeys: [signer.publicKey] } : {}),
      format: 'binary',
      // Streamed plaintext before the integrity check: safe here because pass 1 stores nothing (see above).
      config: { allowUnauthenticatedStream: true },
    });
  } catch (error) {
    encrypted.destroy();
    const text = error instanceof Error ? error.message : '';
    throw /decrypt|session key|key packet/i.test(text) ? failures.noKey() : failures.integrity();
  }
  const plaintext = Readable.fromWeb(result.data as unknown as import('node:stream/web').ReadableStream<Uint8Array>);
  const ended = new Promise<void>((resolve, reject) => {
    plaintext.once('end', resolve);
    plaintext.once('error', reject);
    plaintext.once('close', () => (plaintext.readableEnded ? resolve() : reject(new Error('closed before the end'))));
  });
  const verified = (async () => {
    try {
      await ended;
    } catch (error) {
      throw streamFailure ?? changedOr(error, failures.integrity());
    }
    const keyFingerprint = usable.length === 1 ? usable[0]!.fingerprint : await whichKey(usable, message);
    if (signer) {
      const signatures = result.signatures;
      if (!signatures.length) throw failures.unsigned(signer.fingerprint);
      let good = false;
      for (const signature of signatures) {
        const ok = await signature.verified.catch(() => false);
        if (!ok) continue;
        const byIds = signer.publicKey.getKeyIDs().map((id) => id.toHex());
        if (byIds.includes(signature.keyID.toHex()) && signer.publicKey.getFingerprint() === signer.fingerprint) good = true;
        else if (byIds.includes(signature.keyID.toHex()) && signer.publicKey.getSubkeys().some((subkey) => subkey.getFingerprint() === signer.fingerprint && subkey.getKeyID().equals(signature.keyID))) good = true;
      }
      if (!good) throw failures.wrongSigner(signer.fingerprint);
    } else {
      // Not required: a signature is not checked (no key to check it with); its promises are settled quietly.
      for (const signature of result.signatures) signature.verified.catch(() => {});
    }
    return { keyFingerprint, ...metered.result() };
  })();
  verified.catch(() => {});
  return { plaintext, verified };
}

/** A file changed between the passes keeps its own code; other stream errors are the integrity failure. */
function changedOr(error: unknown, otherwise: ImportFailure): ImportFailure {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof ImportFailure) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return otherwise;
}

/** The key that opened the message when several could have (a hidden recipient). */
async function whichKey(keys: DecryptionKey[], message: openpgp.Message<ReadableStream<Uint8Array>>): Promise<string> {
  for (const { fingerprint, key } of keys) {
    try {
      await openpgp.decryptSessionKeys({ message, decryptionKeys: key });
      return fingerprint;
    } catch {
      // Not this one.
    }
  }
  return keys[0]!.fingerprint;
}
