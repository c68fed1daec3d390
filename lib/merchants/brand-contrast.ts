// WCAG 2.x contrast for a merchant's brand colour (pure; the checkout page, the dashboard's preview and
// Elements' defaults all use it). Relative luminance and contrast ratio are WCAG's own definitions; the
// text on a brand-coloured button is white or near-black, whichever contrasts more, and when neither
// reaches AA (4.5:1) the button's colour is moved towards black (under white text) or white (under
// near-black text), whichever needs the smaller move, until it does.

/** `#rrggbb`, lower case. */
export type HexColor = `#${string}`;

export const WHITE: HexColor = '#ffffff';
/** The near-black of the checkout's dark theme (zinc-950). */
export const NEAR_BLACK: HexColor = '#09090b';
/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;
/** WCAG 2.1 1.4.11: UI components and focus indicators against what is next to them. */
export const AA_NON_TEXT = 3;

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): value is HexColor {
  return HEX.test(value);
}

function channels(color: HexColor): [number, number, number] {
  if (!isHexColor(color)) throw new Error(`not a #rrggbb colour: ${color}`);
  return [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): HexColor {
  return `#${rgb.map((value) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.x relative luminance of an sRGB colour (0 black … 1 white). */
export function relativeLuminance(color: HexColor): number {
  const [r, g, b] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1 … 21), symmetric. */
export function contrastRatio(a: HexColor, b: HexColor): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` mixed with `toward` by `amount` (0 … 1) in sRGB. */
function mix(color: HexColor, toward: HexColor, amount: number): HexColor {
  const from = channels(color);
  const to = channels(toward);
  return toHex(from.map((value, index) => value + (to[index]! - value) * amount));
}

/** The least mix of `color` towards `toward` (in 1/100 steps) that reaches `minimum` against `against`; null if even `toward` does not. */
function shiftUntil(color: HexColor, toward: HexColor, against: HexColor, minimum: number): { color: HexColor; steps: number } | null {
  for (let step = 0; step <= 100; step++) {
    const candidate = mix(color, toward, step / 100);
    if (contrastRatio(candidate, against) >= minimum) return { color: candidate, steps: step };
  }
  return null;
}

/**
 * `color` itself when it reaches `minimum` against `against`, else the nearest colour towards black or white
 * (whichever needs the smaller move) that does. Focus rings and borders use it with AA_NON_TEXT.
 */
export function ensureContrast(color: HexColor, against: HexColor, minimum: number): HexColor {
  const options = [shiftUntil(color, NEAR_BLACK, against, minimum), shiftUntil(color, WHITE, against, minimum)].filter((option) => option !== null);
  options.sort((a, b) => a.steps - b.steps);
  return options[0]?.color ?? (contrastRatio(NEAR_BLACK, against) >= contrastRatio(WHITE, against) ? NEAR_BLACK : WHITE);
}

export type ButtonColors = {
  /** The button's background: the brand colour, or the nearest colour to it that reaches AA under `text`. */
  background: HexColor;
  /** White or near-black. */
  text: HexColor;
  /** contrastRatio(background, text), ≥ 4.5. */
  ratio: number;
  /** Whether `background` differs from the brand colour. */
  adjusted: boolean;
};

/** The text colour (and, if need be, the adjusted background) of a button in the brand colour: always ≥ 4.5:1. */
export function brandButtonColors(brand: HexColor): ButtonColors {
  const base = brand.toLowerCase() as HexColor;
  const onWhite = contrastRatio(base, WHITE);
  const onBlack = contrastRatio(base, NEAR_BLACK);
  const text = onWhite >= onBlack ? WHITE : NEAR_BLACK;
  const best = Math.max(onWhite, onBlack);
  if (best >= AA_TEXT) return { background: base, text, ratio: best, adjusted: false };
  // Neither reaches AA: move the background away from whichever text colour is the smaller move.
  const underWhite = shiftUntil(base, NEAR_BLACK, WHITE, AA_TEXT);
  const underBlack = shiftUntil(base, WHITE, NEAR_BLACK, AA_TEXT);
  const choice = !underBlack || (underWhite && underWhite.steps <= underBlack.steps) ? { ...underWhite!, text: WHITE } : { ...underBlack, text: NEAR_BLACK };
  return { background: choice.color, text: choice.text, ratio: contrastRatio(choice.color, choice.text), adjusted: true };
}
