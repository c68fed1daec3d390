// The sandbox's test cards, for test projects only, folded behind a <details> so they take one line.
// `inline`: a one-line summary inside the page's footer (a framed page has no room to spare), opening to a
// full-width list below it.

const TEST_CARDS: [number: string, outcome: string][] = [
  ['4242 4242 4242 4242', 'Approved'],
  ['4000 0000 0000 0002', 'Declined'],
  ['4000 0000 0000 9995', 'Insufficient funds'],
  ['4000 0000 0000 0119', 'Processor error'],
];

export function TestCards({ inline = false }: { inline?: boolean }) {
  const box = inline
    ? 'open:order-last open:basis-full open:rounded-lg open:border open:border-amber-400/20 open:bg-amber-400/[0.04] open:px-3 open:py-1'
    : 'mt-5 rounded-lg border border-amber-400/20 bg-amber-400/[0.04] px-3 py-2';
  return (
    <details className={`group text-xs text-zinc-400 ${box}`}>
      <summary className="cursor-pointer py-1 font-medium text-amber-200 select-none">{inline ? 'Test cards' : 'Test cards (no real payment)'}</summary>
      <p className="mt-1">Any future expiry date, any security code and any name.</p>
      <ul className="mt-2 space-y-1 pb-1">
        {TEST_CARDS.map(([number, outcome]) => (
          <li key={number} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-mono text-zinc-200">{number}</span>
            <span>{outcome}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
