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
