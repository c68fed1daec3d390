// The recipient's public key of an export: read and held to the strength rule (RSA ≥ 3072 or Curve25519,
// lib/crypto/openpgp-keys.ts); a refusal is a 400 naming `recipient_public_key` with the reason.
import type * as openpgp from 'openpgp';
import { VaultError } from '../core/errors';
import { OpenPgpKeyError, checkRecipientKey, readArmoredPublicKey } from '../crypto/openpgp-keys';

export async function readRecipientKey(armored: string, field = 'recipient_public_key'): Promise<{ key: openpgp.PublicKey; fingerprint: string }> {
  try {
    const key = await readArmoredPublicKey(armored);
    return { key, fingerprint: await checkRecipientKey(key) };
  } catch (error) {
    if (error instanceof OpenPgpKeyError) throw VaultError.validation([{ path: field, message: `${field} ${error.message}` }]);
    throw error;
  }
}
