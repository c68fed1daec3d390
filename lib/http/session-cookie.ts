// The dashboard session cookie: the same JWT as `Authorization: Bearer`, HttpOnly, SameSite=Lax, and
// Secure unless the app is served over plain http on localhost.
export const SESSION_COOKIE = 'vault_session';

/** Secure everywhere except plain http on localhost (browsers refuse Secure cookies over http). */
export function sessionCookieSecure(appUrl: string): boolean {
  const url = new URL(appUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'https:' || !local;
}

export function sessionCookie(appUrl: string, token: string, maxAgeSeconds: number): string {
  return [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(sessionCookieSecure(appUrl) ? ['Secure'] : [])].join('; ');
}

export function clearedSessionCookie(appUrl: string): string {
  return sessionCookie(appUrl, '', 0);
}

/** The session token of a request: `Authorization: Bearer …` first, then the cookie. */
export function sessionTokenOf(request: Request): string | null {
  const authorization = request.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || null;
  const cookies = request.headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** True when the request's session (if any) comes from the cookie, i.e. it sends no `Authorization: Bearer`. */
export function sessionFromCookie(request: Request): boolean {
  return !request.headers.get('authorization')?.toLowerCase().startsWith('bearer ') && sessionTokenOf(request) !== null;
}
