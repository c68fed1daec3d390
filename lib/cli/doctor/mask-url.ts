// Connection URLs are printed so the operator sees which server was tried, never with their password.

/** Query parameters that carry a secret: pg reads `password`/`sslpassword` there, ioredis `password`. */
const SECRET_PARAMETER = /pass|secret|token/i;

/** The URL with its password (in the user info or a query parameter) replaced by `***`; an unparsable value is not echoed at all. */
export function maskUrl(value: string): string {
  if (!URL.canParse(value)) return '(not a URL)';
  const url = new URL(value);
  if (url.password) url.password = '***';
  for (const name of new Set(url.searchParams.keys())) {
    if (SECRET_PARAMETER.test(name)) url.searchParams.set(name, '***');
  }
  return url.toString();
}
