// Connection URLs are printed so the operator sees which server was tried, never with their password.

/** The URL with its password (if any) replaced by `***`; an unparsable value is not echoed at all. */
export function maskUrl(value: string): string {
  if (!URL.canParse(value)) return '(not a URL)';
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}
