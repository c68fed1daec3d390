// What a merchant's branding makes of the hosted checkout and of Elements' fields (pure; client-safe).
// The checkout's components are written in its dark palette (Tailwind's zinc on near-black, text-white,
// amber/rose/sky tints); the light theme re-points those palette variables at light counterparts that keep
// WCAG AA on a white page, so one set of class names renders both themes. `checkoutThemeCss` writes the
// variables for one branding: the light palette always, under `prefers-color-scheme: light` (auto) or not
// at all (dark); the pay button's colours (brand-contrast.ts), the focus colour (3:1 against the page in each
// theme), corners and font. The page puts it in a nonced <style>; the dashboard's preview scopes it to its box.
import { AA_NON_TEXT, brandButtonColors, ensureContrast, type HexColor } from './brand-contrast';
import type { TBrandingStyle } from './branding-schemas';

export type Scheme = 'light' | 'dark';

/** Vault's own green: the checkout's accent without a brand colour (the dark look it always had). */
const VAULT_GREEN: HexColor = '#34d399';
const VAULT_GREEN_LIGHT: HexColor = '#047857';

const PAGE: Record<Scheme, HexColor> = { dark: '#09090b', light: '#ffffff' };
const INVALID: Record<Scheme, HexColor> = { dark: '#fb7185', light: '#be123c' };

/** The dark palette's classes, as the light theme reads them. Text colours reach 4.5:1 on white. */
const LIGHT_PALETTE: Record<string, string> = {
  '--vault-bg': PAGE.light,
  '--color-white': '#09090b',
  '--color-black': '#a1a1aa',
  '--color-zinc-100': '#18181b',
  '--color-zinc-200': '#27272a',
  '--color-zinc-300': '#3f3f46',
  '--color-zinc-400': '#52525b',
  '--color-zinc-500': '#5f5f68',
  '--color-zinc-600': '#6b6b74',
  '--color-zinc-900': '#ffffff',
  '--color-amber-200': '#92400e',
  '--color-amber-300': '#92400e',
  '--color-amber-400': '#b45309',
  '--color-rose-200': '#9f1239',
  '--color-rose-300': '#be123c',
  '--color-rose-400': '#e11d48',
  '--color-sky-200': '#075985',
  '--color-sky-400': '#0284c7',
  '--color-emerald-300': '#047857',
  '--color-emerald-400': '#059669',
};

const RADII: Record<NonNullable<TBrandingStyle['corner_radius']>, Record<string, string>> = {
  none: { '--radius-md': '0', '--radius-lg': '0', '--radius-xl': '0', '--radius-2xl': '0' },
  small: { '--radius-md': '0.1875rem', '--radius-lg': '0.25rem', '--radius-xl': '0.3125rem', '--radius-2xl': '0.375rem' },
  large: {},
};

const FONTS: Record<NonNullable<TBrandingStyle['font']>, string | null> = {
  system: null,
  serif: "ui-serif, Georgia, Cambria, 'Times New Roman', Times, 'Noto Serif', 'DejaVu Serif', serif",
  mono: "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace",
};

/** The pay button, focus and invalid colours of one scheme. */
export function schemeColors(style: TBrandingStyle | null, scheme: Scheme): { button: HexColor; onButton: HexColor; focus: HexColor; invalid: HexColor } {
  const brand = style?.brand_color as HexColor | undefined;
  if (!brand) {
    const accent = scheme === 'dark' ? VAULT_GREEN : VAULT_GREEN_LIGHT;
    const button = brandButtonColors(accent);
    return { button: button.background, onButton: button.text, focus: accent, invalid: INVALID[scheme] };
  }
  const button = brandButtonColors(brand);
  return { button: button.background, onButton: button.text, focus: ensureContrast(brand, PAGE[scheme], AA_NON_TEXT), invalid: INVALID[scheme] };
}

/** The theme a page renders: no branding keeps the checkout's dark look. */
export function brandingTheme(style: TBrandingStyle | null): 'light' | 'dark' | 'auto' {
  return style ? style.theme : 'dark';
}

function schemeVariables(style: TBrandingStyle | null, scheme: Scheme): Record<string, string> {
  const colors = schemeColors(style, scheme);
  return {
    ...(scheme === 'light' ? LIGHT_PALETTE : { '--vault-bg': PAGE.dark }),
    '--vault-accent': colors.focus,
    '--ck-button': colors.button,
    '--ck-on-button': colors.onButton,
    '--ck-focus': colors.focus,
  };
}

const block = (selector: string, variables: Record<string, string>, extra = '') =>
  `${selector}{${Object.entries(variables)
    .map(([name, value]) => `${name}:${value};`)
    .join('')}${extra}}`;

/**
 * The checkout's CSS for a branding, scoped to `scope` (`:root` on the page). Every value comes from the
 * validated branding (hex colours, enums) or the tables above: nothing of the request reaches the CSS.
 */
export function checkoutThemeCss(style: TBrandingStyle | null, scope = ':root'): string {
  const theme = brandingTheme(style);
  const font = style?.font ? FONTS[style.font] : null;
  const common = { ...RADII[style?.corner_radius ?? 'large'], ...(font ? { '--font-sans': font } : {}) };
  const dark = block(scope, { ...common, ...schemeVariables(style, 'dark') }, 'color-scheme:dark;');
  const light = block(scope, { ...common, ...schemeVariables(style, 'light') }, 'color-scheme:light;');
  if (theme === 'dark') return dark;
  if (theme === 'light') return light;
  return `${dark}@media (prefers-color-scheme: light){${light}}`;
}

/** Defaults an Elements field takes from its merchant's branding, unless the page's `style` says otherwise. */
export type BrandingStyleDefaults = {
  /** Focus ring and focused border: the brand colour, moved just enough to reach 3:1 against the page. */
  focusColor: HexColor;
  /** Invalid state: the checkout's own red for the scheme. */
  invalidColor: HexColor;
  /** A system font stack, or null for the page's own. */
  fontFamily: string | null;
  /** Field corners in CSS (e.g. "0", "4px", "8px"). */
  borderRadius: string;
};

/**
 * Elements' defaults from a merchant's branding (stored style fields, or null for none). `scheme` is the
 * background the fields sit on (the merchant's page; `light` unless the page says otherwise): the focus
 * colour keeps 3:1 against it.
 */
export function brandingStyleDefaults(style: TBrandingStyle | null, scheme: Scheme = 'light'): BrandingStyleDefaults {
  const colors = schemeColors(style, scheme);
  const radius = { none: '0', small: '4px', large: '8px' }[style?.corner_radius ?? 'large'];
  return { focusColor: colors.focus, invalidColor: colors.invalid, fontFamily: style?.font ? FONTS[style.font] : null, borderRadius: radius };
}
