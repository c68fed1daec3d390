// The payment page's heading: whom the customer pays and how much, and the "Test mode" badge. The amount
// never breaks inside the number: it is one unbreakable line, sized by its length (amount-size.ts) to fit a
// 320 px screen; the badge wraps to a line of its own when the heading needs the room (a long merchant name
// or amount) instead of squeezing it.
import { headingAmountSizeClass } from './amount-size';

/** `amountLabel` null: a setup session, which saves the card and charges nothing. */
export function CheckoutHeading(props: { merchantName: string; amountLabel: string | null; testMode: boolean }) {
  const { merchantName, amountLabel, testMode } = props;
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
      <h1 id="checkout-title" className="max-w-full min-w-0">
        <span className="block text-sm font-medium break-words text-zinc-400">
          {amountLabel === null ? 'Save a card for ' : 'Pay '}<span className="text-zinc-100">{merchantName}</span>
        </span>
        {amountLabel !== null && (
          <span data-testid="checkout-amount" className={`mt-1 block font-semibold tracking-tight whitespace-nowrap text-white tabular-nums ${headingAmountSizeClass(amountLabel)}`}>
            {amountLabel}
          </span>
        )}
      </h1>
      {testMode && (
        <span className="mt-0.5 inline-flex shrink-0 items-center gap-1.5 rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-1 text-xs font-semibold text-amber-300">
          <span aria-hidden className="size-1.5 rounded-full bg-amber-400" />
          Test mode
        </span>
      )}
    </div>
  );
}
