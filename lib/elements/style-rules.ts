// What a merchant may style in the Elements fields (issue 24), shared by the SDK (which throws at once) and
// the field frame (which checks again: the frame trusts nothing the parent page sends). An allow-list of
// CSS properties for the states `base`, `focus`, `invalid`, `complete` and `::placeholder`; values are plain
// text with no `url(`, no `expression(`, no `@`, no escapes, braces, semicolons or comment markers that
// could end the declaration and start another. Fonts: `{ family, src, weight? }`, src an https URL on the
// parent page's origin or a `data:font/woff2` URI (the field page's CSP allows exactly those).
// Pure code: no Node or DOM APIs (it runs in browsers and on the server).

export const STYLE_STATES = ['base', 'focus', 'invalid', 'complete', '::placeholder'] as const;
export type StyleState = (typeof STYLE_STATES)[number];

/** camelCase (as JS writes them) → CSS property names. */
export const STYLE_PROPERTIES: Readonly<Record<string, string>> = {
  color: 'color',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  letterSpacing: 'letter-spacing',
  lineHeight: 'line-height',
  padding: 'padding',
  textTransform: 'text-transform',
  backgroundColor: 'background-color',
};

export type ElementsStyle = Partial<Record<StyleState, Partial<Record<keyof typeof STYLE_PROPERTIES, string>>>>;
export type ElementsFont = { family: string; src: string; weight?: string | number };

const MAX_VALUE_LENGTH = 200;
/** Letters, digits, spaces and the punctuation CSS values need (`#`, `.`, `%`, `,`, `-`, `(`, `)`, quotes). */
const SAFE_VALUE = /^[A-Za-z0-9 #.,%()'"_-]*$/;

export class StyleError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
    this.name = 'StyleError';
  }
}

/** Throws StyleError naming the first disallowed state, property or value; returns the style as given. */
export function checkStyle(style: unknown, path = 'style'): ElementsStyle {
  if (style === undefined || style === null) return {};
  if (typeof style !== 'object' || Array.isArray(style)) throw new StyleError(path, `${path} must be an object`);
  for (const [state, declarations] of Object.entries(style)) {
    if (!(STYLE_STATES as readonly string[]).includes(state)) throw new StyleError(`${path}.${state}`, `${path}.${state}: the states are ${STYLE_STATES.join(', ')}`);
    if (typeof declarations !== 'object' || declarations === null || Array.isArray(declarations)) throw new StyleError(`${path}.${state}`, `${path}.${state} must be an object`);
    for (const [property, value] of Object.entries(declarations)) {
      const at = `${path}.${state}.${property}`;
      if (!Object.hasOwn(STYLE_PROPERTIES, property)) throw new StyleError(at, `${at}: allowed properties are ${Object.keys(STYLE_PROPERTIES).join(', ')}`);
      if (typeof value !== 'string' && typeof value !== 'number') throw new StyleError(at, `${at} must be a string`);
      const text = String(value);
      if (text.length > MAX_VALUE_LENGTH || !SAFE_VALUE.test(text) || /url\s*\(|expression\s*\(|image-set|var\s*\(|attr\s*\(/i.test(text)) {
        throw new StyleError(at, `${at} is not allowed: plain values only (no url(), expressions or special characters)`);
      }
    }
  }
  return style as ElementsStyle;
}

/** Throws StyleError on a font that is not an https URL on `parentOrigin` or a `data:font/woff2` URI. */
export function checkFonts(fonts: unknown, parentOrigin: string): ElementsFont[] {
  if (fonts === undefined || fonts === null) return [];
  if (!Array.isArray(fonts) || fonts.length > 8) throw new StyleError('fonts', 'fonts must be a list of at most 8 fonts');
  return fonts.map((font, index) => {
    const at = `fonts.${index}`;
    if (typeof font !== 'object' || font === null) throw new StyleError(at, `${at} must be an object`);
    const { family, src, weight } = font as Record<string, unknown>;
    if (typeof family !== 'string' || !/^[A-Za-z0-9 _-]{1,60}$/.test(family)) throw new StyleError(`${at}.family`, `${at}.family must be 1 to 60 letters, digits, spaces, - or _`);
    if (weight !== undefined && !/^[1-9]00$/.test(String(weight))) throw new StyleError(`${at}.weight`, `${at}.weight must be 100 to 900`);
    if (typeof src !== 'string' || !fontSourceAllowed(src, parentOrigin)) {
      throw new StyleError(`${at}.src`, `${at}.src must be an https URL on ${parentOrigin} or a data:font/woff2 URI`);
    }
    return { family, src, ...(weight === undefined ? {} : { weight: String(weight) }) };
  });
}

const DATA_WOFF2 = /^data:font\/woff2;base64,[A-Za-z0-9+/]+={0,2}$/;

function fontSourceAllowed(src: string, parentOrigin: string): boolean {
  if (src.startsWith('data:')) return DATA_WOFF2.test(src);
  if (!parentOrigin.startsWith('https://') || /[\s'";,]/.test(src)) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.origin === parentOrigin && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
