// GET /elements/field: one card field as its own tiny page on the checkout origin, framed only by the
// collect session's parent_origin. The page is static HTML plus /elements/field.js (the frame script); its
// configuration (session, field, instance, options, the brand colours) travels as a JSON data block, which
// never executes. The CSP allows scripts and requests to this origin only, fonts exactly as given, no
// images, forms, plugins or <base>.
import { randomBytes } from 'node:crypto';
import { ELEMENT_FIELDS, FIELD_DEFAULTS, type FieldName, type FieldOptions } from './field-options';

export type FieldPageConfig = {
  sessionId: string;
  field: FieldName;
  instance: string;
  parentOrigin: string;
  /** The fields the session collects: the card-number frame gathers these on submit. */
  fields: FieldName[];
  options: FieldOptions;
  /** Focus and invalid colours when `style` sets none (the merchant's brand colour, else Vault's). */
  colors: { focus: string; invalid: string };
};

export const FIELD_SCRIPT_PATH = '/elements/field.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** JSON inside <script type="application/json">: nothing can close the element or open a comment. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function fieldPagePolicy(nonce: string, config: Pick<FieldPageConfig, 'parentOrigin' | 'options'>): string {
  const fonts = config.options.fonts ?? [];
  const fontSources = [...new Set(fonts.map((font) => (font.src.startsWith('data:') ? 'data:' : font.src)))];
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'nonce-${nonce}'`,
    `font-src ${fontSources.length ? fontSources.join(' ') : "'none'"}`,
    "connect-src 'self'",
    "img-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${config.parentOrigin}`,
  ].join('; ');
}

export function fieldPageHtml(nonce: string, config: FieldPageConfig): string {
  const defaults = FIELD_DEFAULTS[config.field];
  const label = config.options.label ?? defaults.label;
  const placeholder = config.options.placeholder ?? defaults.placeholder;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(label)}</title>
<style nonce="${nonce}">
*{box-sizing:border-box}html,body{margin:0;padding:0;background:transparent}
body{font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
input{display:block;width:100%;margin:0;border:0;outline:none;background:transparent;color:inherit;font:inherit;padding:10px 2px;min-height:44px}
input::placeholder{color:#757575;opacity:1}
input:focus{caret-color:${config.colors.focus}}
input[aria-invalid="true"]{color:${config.colors.invalid}}
</style>
<script type="application/json" id="vault-field-config">${jsonForHtml(config)}</script>
<script src="${FIELD_SCRIPT_PATH}" defer></script>
</head><body>
<label for="field" class="sr-only">${escapeHtml(label)}</label>
<input id="field" name="${defaults.autocomplete}" type="text" autocomplete="${defaults.autocomplete}" inputmode="numeric" spellcheck="false" autocorrect="off" autocapitalize="off" placeholder="${escapeHtml(placeholder)}" aria-invalid="false" aria-describedby="field-error">
<p id="field-error" class="sr-only" aria-live="polite"></p>
</body></html>`;
}

export const newPageNonce = () => randomBytes(16).toString('base64');
export const isFieldName = (value: string): value is FieldName => (Object.values(ELEMENT_FIELDS) as string[]).includes(value);
