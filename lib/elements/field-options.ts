// The options a field page is opened with (GET /elements/field): the field, the SDK instance it belongs to,
// and what the merchant set (label, placeholder, style, fonts), carried in the frame's URL as base64url
// JSON (`o`) so the first paint already has them. Checked here (the CSP names the fonts) and again by the
// frame script (style). Pure code: also bundled into the SDK, which encodes them.
import { checkFonts, checkStyle, StyleError, type ElementsFont, type ElementsStyle } from './style-rules';

export const ELEMENT_FIELDS = { cardNumber: 'card_number', cardExpiry: 'card_expiry', cardCvc: 'card_cvc' } as const;
export type ElementType = keyof typeof ELEMENT_FIELDS;
export type FieldName = (typeof ELEMENT_FIELDS)[ElementType];

export type FieldOptions = { label?: string; placeholder?: string; style?: ElementsStyle; fonts?: ElementsFont[] };

const TEXT_MAX = 100;
export const INSTANCE_PATTERN = /^[0-9A-Za-z]{16,64}$/;

/** What each field is by default: its accessible label, placeholder and autocomplete token. */
export const FIELD_DEFAULTS: Readonly<Record<FieldName, { label: string; placeholder: string; autocomplete: string }>> = {
  card_number: { label: 'Card number', placeholder: '1234 1234 1234 1234', autocomplete: 'cc-number' },
  card_expiry: { label: 'Expiry date (MM / YY)', placeholder: 'MM / YY', autocomplete: 'cc-exp' },
  card_cvc: { label: 'Security code', placeholder: 'CVC', autocomplete: 'cc-csc' },
};

function checkText(value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > TEXT_MAX || /[\u0000-\u001f<>]/.test(value)) {
    throw new StyleError(path, `${path} must be text of at most ${TEXT_MAX} characters`);
  }
  return value;
}

/** Throws StyleError naming the first bad option. */
export function checkFieldOptions(options: unknown, parentOrigin: string): FieldOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw new StyleError('options', 'options must be an object');
  const { label, placeholder, style, fonts } = options as Record<string, unknown>;
  return {
    label: checkText(label, 'label'),
    placeholder: checkText(placeholder, 'placeholder'),
    style: checkStyle(style),
    fonts: checkFonts(fonts, parentOrigin),
  };
}
