// The custom server overwrites X-Forwarded-For with the socket address unless TRUST_PROXY is set, so
// both doors (fast path and Next) read the client address the same way and callers cannot spoof it.
export function clientIp(request: Request): string | null {
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded ? forwarded.split(',')[0]!.trim() || null : null;
}
