// Collect session ids and client secrets. The id (`cls_` + 24 base62, ~143 bits) names the session to the
// merchant's server and in the field frames' URLs; the client secret (`cls_<id part>_secret_` + 32 base62,
// ~190 bits) lets the page submit once. Only the secret's keyed hash is stored (keyring.hashSecret), and a
// secret names its session, so a secret of another session is simply wrong.
import { randomBase62 } from '../crypto/random';

const SESSION_ID = /^cls_[0-9A-Za-z]{24}$/;
const CLIENT_SECRET = /^(cls_[0-9A-Za-z]{24})_secret_[0-9A-Za-z]{32}$/;

export function newCollectSession(): { id: string; clientSecret: string } {
  const id = `cls_${randomBase62(24)}`;
  return { id, clientSecret: `${id}_secret_${randomBase62(32)}` };
}

export const isCollectSessionId = (value: string): boolean => SESSION_ID.test(value);

/** The session a client secret was issued for, or null when it has not the issued shape. */
export function sessionOfClientSecret(secret: string): string | null {
  return CLIENT_SECRET.exec(secret)?.[1] ?? null;
}
