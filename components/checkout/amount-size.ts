// Font sizes for a formatted amount, picked from its length so that the number, which never breaks, fits
// even at 320 px: the longest is 15 integer digits ("€999,999,999,999,999.99") or a currency code with 4
// decimals ("CLF 922,337,203,685,477.5807"). A digit is ~0.6 em wide; at 320 px the card's content is
// ~260 px (the Pay button's ~230 px), from 640 px (sm) ~390 px. Literal classes: Tailwind builds only
// the classes it finds in the source.

function length(label: string): number {
  return [...label].length;
}

/** The heading's amount. */
export function headingAmountSizeClass(label: string): string {
  const chars = length(label);
  if (chars <= 12) return 'text-3xl sm:text-4xl';
  if (chars <= 16) return 'text-2xl sm:text-3xl';
  if (chars <= 20) return 'text-xl sm:text-2xl';
  if (chars <= 24) return 'text-lg sm:text-xl';
  return 'text-sm sm:text-lg';
}

/** The amount on the Pay button (it goes to a line of its own under "Pay" when both do not fit). */
export function buttonAmountSizeClass(label: string): string {
  const chars = length(label);
  if (chars <= 20) return 'text-base';
  if (chars <= 24) return 'text-sm sm:text-base';
  return 'text-xs sm:text-base';
}
