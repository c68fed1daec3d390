// TOTP second factor (RFC 6238: SHA-1, 6 digits, 30 s) as authenticator apps expect it. A code is accepted
// one step either side of now for clock drift, and each accepted step is recorded so the same code cannot
// be replayed within its validity window (PCI DSS 8.4.2, 8.5.1).
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { open, seal } from '../../crypto/aead';
import type { KeyValueStore } from '../../store/types';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const SECRET_BYTES = 20; // 160 bits, the RFC 4226 recommendation
/** Longer than the 90 s during which a step is accepted (its own step plus one either side). */
const USED_STEP_TTL_SECONDS = 120;

/** A fresh base32 secret for an authenticator app. */
export async function newTotpSecret(): Promise<string> {
  return generateSecret({ length: SECRET_BYTES });
}

/** The otpauth:// URI an authenticator app scans (label `issuer:accountName`). */
export function totpUri(options: { secret: string; accountName: string; issuer: string }): string {
  return generateURI({
    issuer: options.issuer,
    label: options.accountName,
    secret: options.secret,
    algorithm: 'sha1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** The URI as a PNG QR code data URL, for an <img src>. */
export function totpQrDataUrl(uri: string): Promise<string> {
  return toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M' });
}

/**
 * True when `code` is the user's code for the current time step or one either side, and that step has not
 * been accepted for this user before. `now` is in milliseconds (Date.now()).
 */
export async function verifyTotp(options: {
  secret: string;
  code: string;
  store: KeyValueStore;
  userId: string;
  now?: number;
}): Promise<boolean> {
  if (!/^\d{6}$/.test(options.code)) return false;
  const result = await verify({
    secret: options.secret,
    token: options.code,
    algorithm: 'sha1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    epoch: Math.floor((options.now ?? Date.now()) / 1000),
    // One period in seconds either side = exactly the previous and the next step.
    epochTolerance: PERIOD_SECONDS,
  });
  // The functional API's result type also covers HOTP; a TOTP match always carries its time step.
  if (!result.valid || !('timeStep' in result)) return false;
  // SET NX: of two concurrent logins with the same code, only one records the step and succeeds.
  return options.store.setIfAbsent(`totp-used:${options.userId}:${result.timeStep}`, '1', USED_STEP_TTL_SECONDS);
}

function secretAad(userId: string): string {
  return `vault/totp/${userId}`;
}

/** Encrypts a TOTP secret for storage, bound to its user so a sealed secret cannot be moved to another. */
export function sealTotpSecret(key: Buffer, userId: string, secret: string): Buffer {
  return seal(key, secret, secretAad(userId));
}

/** Throws when the key, the user or the bytes do not match. */
export function openTotpSecret(key: Buffer, userId: string, sealed: Uint8Array): string {
  return open(key, sealed, secretAad(userId)).toString('utf8');
}
