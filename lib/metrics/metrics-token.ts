// METRICS_TOKEN as a bearer token: compared in constant time (both sides hashed first, so neither the
// content nor the length of the configured token shows in the time a wrong guess takes).
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsTokenMatches(authorization: string | null, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}
