import { randomUUID } from 'node:crypto';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is sane (so logs correlate across systems), a new UUID otherwise. */
export function requestIdFor(request: Request): string {
  return requestIdFromHeader(request.headers.get('x-request-id'));
}

export function requestIdFromHeader(given: string | string[] | null | undefined): string {
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
