// The script of one Elements field frame (GET /elements/field → /elements/field.js, built by
// scripts/build-elements.mjs). It formats and checks what the customer types (the hosted checkout's own
// rules, lib/checkout/card-input.ts), tells the parent page only whether the field is empty, complete or
// invalid (and the brand), and, in the card-number frame, gathers the other frames' values over the
// frames' own channel on submit and posts the card straight to the vault. It takes commands only from its
// parent window at the session's parent_origin, and posts only there.
import { cardNumberError, cvcError, detectBrand, digitsOnly, expiryError, formatCardNumber, formatExpiry, parseExpiry, type CardBrand } from '@/lib/checkout/card-input';
import { fieldErrorCode } from '@/lib/elements/field-error-code';
import type { FieldPageConfig } from '@/lib/elements/field-page';
import { checkStyle, STYLE_PROPERTIES, type ElementsStyle } from '@/lib/elements/style-rules';
import { channelName, MESSAGE_TYPE, typeOfField, type ChangeDetail, type ChannelMessage, type ElementsErrorShape, type FrameEvent, type ParentCommand } from './protocol';

const config = JSON.parse(document.getElementById('vault-field-config')!.textContent!) as FieldPageConfig;
const input = document.getElementById('field') as HTMLInputElement;
const errorText = document.getElementById('field-error')!;
const channel = new BroadcastChannel(channelName(config.sessionId, config.instance));
const GATHER_TIMEOUT_MS = 2000;

let style: ElementsStyle = {};
let focused = false;
let showError = false;
/** The brand the card-number frame last announced (the CVC frame checks the code's length with it). */
let announcedBrand: Pick<CardBrand, 'cvcLength'> | null = null;

const post = (message: FrameEvent) => window.parent.postMessage({ type: MESSAGE_TYPE, instance: config.instance, field: config.field, ...message }, config.parentOrigin);
const heightNow = () => Math.ceil(document.documentElement.getBoundingClientRect().height);

// ---- the field's rules ----

function problem(value: string): string | null {
  if (config.field === 'card_number') return cardNumberError(digitsOnly(value));
  if (config.field === 'card_expiry') return expiryError(value);
  return cvcError(digitsOnly(value), (announcedBrand as CardBrand | null) ?? null);
}

function format(raw: string, deleting: boolean): string {
  if (config.field === 'card_number') return formatCardNumber(digitsOnly(raw));
  if (config.field === 'card_expiry') return formatExpiry(raw, deleting);
  return digitsOnly(raw).slice(0, announcedBrand?.cvcLength ?? 4);
}

/** Whether the value can no longer become valid by typing more (a full-length number failing Luhn, a bad month). */
function hopeless(value: string, error: string): boolean {
  return value.length > 0 && fieldErrorCode(config.field, value, error, announcedBrand?.cvcLength ?? null) === 'invalid';
}

function detail(): ChangeDetail {
  const value = input.value;
  const error = problem(value);
  const brand = config.field === 'card_number' ? (detectBrand(digitsOnly(value))?.id ?? null) : null;
  const shown = error && showError ? { error: { code: fieldErrorCode(config.field, value, error, announcedBrand?.cvcLength ?? null), message: error } } : {};
  return { complete: error === null, empty: value.length === 0, brand, ...shown };
}

// ---- styles: the allowed properties only, set through the CSSOM (no markup, no url()) ----

const placeholderSheet = new CSSStyleSheet();
document.adoptedStyleSheets = [...document.adoptedStyleSheets, placeholderSheet];

function applyStyle(): void {
  const state = detail();
  const layers = [style.base, focused ? style.focus : undefined, state.error ? style.invalid : undefined, state.complete && !state.empty ? style.complete : undefined];
  for (const css of Object.values(STYLE_PROPERTIES)) input.style.removeProperty(css);
  for (const layer of layers) for (const [property, value] of Object.entries(layer ?? {})) input.style.setProperty(STYLE_PROPERTIES[property]!, String(value));
  const placeholder = Object.entries(style['::placeholder'] ?? {}).map(([property, value]) => `${STYLE_PROPERTIES[property]}:${value}`).join(';');
  placeholderSheet.replaceSync(placeholder ? `#field::placeholder{${placeholder}}` : '');
  input.setAttribute('aria-invalid', state.error ? 'true' : 'false');
  errorText.textContent = state.error?.message ?? '';
}

function changed(): void {
  applyStyle();
  post({ event: 'change', detail: detail() });
  if (config.field === 'card_number') {
    const brand = detectBrand(digitsOnly(input.value));
    channel.postMessage({ kind: 'brand', brand: brand?.id ?? null, cvcLength: brand?.cvcLength ?? null } satisfies ChannelMessage);
  }
}

// ---- typing ----

input.addEventListener('input', (event) => {
  const deleting = (event as InputEvent).inputType?.startsWith('delete') ?? false;
  const caretDigits = digitsOnly(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
  const formatted = format(input.value, deleting);
  if (formatted !== input.value) {
    input.value = formatted;
    // The caret stays after the same number of digits it followed.
    let position = 0;
    for (let seen = 0; position < formatted.length && seen < caretDigits; position += 1) if (/\d/.test(formatted[position]!)) seen += 1;
    if (caretDigits === 0) position = 0;
    input.setSelectionRange(position, position);
  }
  const error = problem(input.value);
  showError = showError ? error !== null : error !== null && hopeless(input.value, error);
  changed();
});
input.addEventListener('focus', () => {
  focused = true;
  applyStyle();
  post({ event: 'focus' });
});
input.addEventListener('blur', () => {
  focused = false;
  showError = input.value.length > 0 && problem(input.value) !== null;
  changed();
  post({ event: 'blur' });
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') post({ event: 'escape' });
});

// ---- the frames' channel ----

/** Submissions waiting for the other frames' values: what arrived so far, and who to tell when all have. */
const gathering = new Map<string, { values: Map<string, string>; done: () => void }>();

function received(id: string, field: string, value: string): void {
  const waiting = gathering.get(id);
  if (!waiting) return;
  waiting.values.set(field, value);
  if (config.fields.every((name) => waiting.values.has(name))) waiting.done();
}

channel.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
  if (data.kind === 'brand' && config.field === 'card_cvc') {
    announcedBrand = data.cvcLength ? { cvcLength: data.cvcLength } : null;
    if (input.value) {
      input.value = format(input.value, false);
      changed();
    }
  } else if (data.kind === 'collect' && config.field !== 'card_number') {
    channel.postMessage({ kind: 'value', id: data.id, field: config.field, value: input.value } satisfies ChannelMessage);
  } else if (data.kind === 'value') {
    received(data.id, data.field, data.value);
  } else if (data.kind === 'show-error' && data.field === config.field) {
    showError = true;
    changed();
  }
};

/** The other frames' values, as they answer on the channel (only the card-number frame asks); a frame that does not answer in time is missing. */
async function gather(id: string): Promise<Map<string, string>> {
  const values = new Map<string, string>([[config.field, input.value]]);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    gathering.set(id, { values, done: () => (clearTimeout(timer), resolve()) });
    channel.postMessage({ kind: 'collect', id } satisfies ChannelMessage);
    if (config.fields.length === 1) resolve();
  });
  gathering.delete(id);
  return values;
}

// ---- submit (card-number frame): check every field, then post the card to the vault ----

function fieldError(field: string, value: string | undefined, brand: CardBrand | null): ElementsErrorShape | null {
  const type = typeOfField(field);
  if (value === undefined) return { code: 'incomplete', message: 'A card field is not mounted or not ready.', field: type };
  const error = field === 'card_number' ? cardNumberError(digitsOnly(value)) : field === 'card_expiry' ? expiryError(value) : cvcError(digitsOnly(value), brand);
  if (!error) return null;
  return { code: fieldErrorCode(field, field === 'card_cvc' ? digitsOnly(value) : value, error, brand?.cvcLength ?? null), message: error, field: type };
}

const NETWORK_ERROR: ElementsErrorShape = { code: 'network', message: 'The card could not be sent. Check your connection and try again.' };

async function submit(clientSecret: string, requestId: string): Promise<FrameEvent> {
  const values = await gather(requestId);
  const number = digitsOnly(values.get('card_number') ?? '');
  const brand = detectBrand(number);
  for (const field of config.fields) {
    const error = fieldError(field, values.get(field), brand);
    if (error) {
      channel.postMessage({ kind: 'show-error', field } satisfies ChannelMessage);
      if (field === config.field) {
        showError = true;
        changed();
      }
      return { event: 'result', requestId, ok: false, error };
    }
  }
  const expiry = parseExpiry(values.get('card_expiry') ?? '')!;
  const cvc = values.has('card_cvc') ? { cvc: digitsOnly(values.get('card_cvc')!) } : {};
  const parentOrigin = location.ancestorOrigins?.[0] ?? config.parentOrigin;
  let response: Response;
  try {
    response = await fetch(`/collect-sessions/${config.sessionId}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ client_secret: clientSecret, parent_origin: parentOrigin, card_number: number, exp_month: expiry.month, exp_year: expiry.year, ...cvc }),
    });
  } catch {
    return { event: 'result', requestId, ok: false, error: NETWORK_ERROR };
  }
  const body = await response.json().catch(() => null);
  if (response.status === 201 && body?.token) {
    const { success: _success, ...result } = body;
    return { event: 'result', requestId, ok: true, result };
  }
  const path: string | undefined = body?.error?.fields?.[0]?.path;
  const field = path === undefined ? undefined : typeOfField(path.startsWith('exp_') ? 'card_expiry' : path === 'cvc' ? 'card_cvc' : path);
  const error = body?.error ? { code: String(body.error.code), message: String(body.error.message), ...(field ? { field } : {}) } : NETWORK_ERROR;
  return { event: 'result', requestId, ok: false, error };
}

// ---- the parent's commands ----

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent || event.origin !== config.parentOrigin) return;
  const data = event.data as { type?: unknown; instance?: unknown } & ParentCommand;
  if (data?.type !== MESSAGE_TYPE || data.instance !== config.instance) return;
  if (data.action === 'update') {
    try {
      style = checkStyle(data.style);
    } catch {
      return; // the SDK checks first and throws to the caller; a forged style changes nothing
    }
    applyStyle();
    post({ event: 'resize', height: heightNow() });
  } else if (data.action === 'clear') {
    input.value = '';
    showError = false;
    changed();
  } else if (data.action === 'focus') {
    input.focus();
  } else if (data.action === 'submit' && config.field === 'card_number' && typeof data.clientSecret === 'string' && typeof data.requestId === 'string') {
    void submit(data.clientSecret, data.requestId).then(post);
  }
});

// ---- start ----

try {
  style = checkStyle(config.options.style);
} catch {
  style = {};
}
for (const font of config.options.fonts ?? []) {
  const face = new FontFace(font.family, `url("${font.src}")`, font.weight ? { weight: String(font.weight) } : {});
  document.fonts.add(face);
  face.load().catch(() => {});
}
applyStyle();
new ResizeObserver(() => post({ event: 'resize', height: heightNow() })).observe(document.body);
post({ event: 'ready', height: heightNow() });
