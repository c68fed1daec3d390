// Whether an Accept-Encoding header admits gzip (listed, or `*`, with a quality above 0).
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  const qualities = new Map(
    header.split(',').map((part) => {
      const [coding = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [coding.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const quality = qualities.get('gzip') ?? qualities.get('x-gzip') ?? qualities.get('*') ?? 0;
  return quality > 0;
}

/** A script response of a file kept plain and gzipped: gzip when the request accepts it, with `headers` added. */
export function scriptResponse(request: Request, asset: { plain: Buffer; gzipped: Buffer }, headers: Record<string, string>): Response {
  const gzipped = acceptsGzip(request.headers.get('accept-encoding'));
  return new Response(new Uint8Array(gzipped ? asset.gzipped : asset.plain), {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      ...headers,
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    },
  });
}
