// Shown instead of a checkout when the page cannot be served safely or at all. Posts nothing.
export function CheckoutUnavailable(props: { title?: string; text?: string; code?: string }) {
  const {
    title = 'Checkout unavailable',
    text = 'This checkout cannot be shown right now. Return to the store and try again later.',
    code,
  } = props;
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-10 sm:items-center sm:px-6">
      <section
        aria-labelledby="checkout-unavailable-title"
        className="w-full max-w-md rounded-2xl border border-white/10 bg-white/[0.03] p-6 text-center shadow-2xl shadow-black/40 sm:p-8"
      >
        {code && <p className="font-mono text-xs font-semibold tracking-widest text-zinc-500">{code}</p>}
        <span className="mx-auto mt-3 flex size-12 items-center justify-center rounded-full bg-amber-400/10 text-amber-300">
          <svg viewBox="0 0 24 24" aria-hidden className="size-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 8v5m0 3.5v.01M12 3l9.5 17h-19L12 3Z" />
          </svg>
        </span>
        <h1 id="checkout-unavailable-title" className="mt-4 text-lg font-semibold text-white">
          {title}
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-zinc-400">{text}</p>
      </section>
    </main>
  );
}
