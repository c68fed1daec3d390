// The Vault mark (public/favicon.svg) and wordmark.
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG needs no optimiser */}
      <img src="/favicon.svg" alt="" width={size} height={size} className="shrink-0" />
      <span className="text-[15px] font-semibold tracking-tight text-strong">Vault</span>
    </span>
  );
}
