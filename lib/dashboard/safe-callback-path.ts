// Where to go after signing in: only a path on this site, so /login?callbackUrl= is no open redirect.
export const DASHBOARD_HOME = '/dashboard';

export function safeCallbackPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DASHBOARD_HOME;
  // Control characters could be read as a scheme or host boundary by some parsers.
  if (/[\u0000-\u001f\u007f]/.test(value)) return DASHBOARD_HOME;
  return value;
}
