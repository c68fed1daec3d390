// Vault Elements (issue 24): card fields on the merchant's own page. Each field is an iframe of the vault's
// checkout origin (GET /elements/field); the digits exist only there. This module is the SDK the page
// loads ({CHECKOUT_URL}/elements.js, built by scripts/build-elements.mjs; types in public/elements.d.ts):
// it mounts the frames, relays their events (never a value), and on submit() asks the card-number frame to
// post the card to the vault, resolving with the token. Messages go only to the vault's origin and are
// taken only from this instance's own frames.
import { ELEMENT_FIELDS, type ElementType } from '@/lib/elements/field-options';
import { checkFonts, checkStyle, StyleError, type ElementsFont, type ElementsStyle } from '@/lib/elements/style-rules';
import { MESSAGE_TYPE, type ChangeDetail, type ElementsErrorShape, type FrameEvent, type ParentCommand, type SubmitResult } from './protocol';

export type ElementsOptions = { vaultUrl: string; sessionId: string; clientSecret: string; style?: ElementsStyle; fonts?: ElementsFont[] };
export type ElementOptions = { placeholder?: string; label?: string; style?: ElementsStyle };
export type ElementEvent = 'ready' | 'change' | 'focus' | 'blur' | 'escape';

/** What submit() rejects with (and what the factory throws on bad options). */
export class VaultElementsError extends Error {
  readonly code: string;
  readonly field?: string;
  constructor({ code, message, field }: ElementsErrorShape) {
    super(message);
    this.name = 'VaultElementsError';
    this.code = code;
    if (field) this.field = field;
  }
}

const SUBMIT_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 10_000;
const FRAME_TITLES: Record<ElementType, string> = { cardNumber: 'Secure card number input', cardExpiry: 'Secure expiry date input', cardCvc: 'Secure security code input' };

function randomId(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => alphabet[byte % 62]).join('');
}

const base64url = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function invalidOptions(message: string, field?: string): VaultElementsError {
  return new VaultElementsError({ code: 'invalid_options', message, ...(field ? { field } : {}) });
}

function checkedStyle(style: unknown): ElementsStyle {
  try {
    return checkStyle(style);
  } catch (error) {
    if (error instanceof StyleError) throw invalidOptions(error.message, error.path);
    throw error;
  }
}

export class VaultElement {
  private iframe: HTMLIFrameElement | null = null;
  private readonly handlers = new Map<ElementEvent, Set<(detail?: ChangeDetail) => void>>();
  private readyResolve!: () => void;
  /** Resolves when the frame has said it is ready. */
  readonly whenReady: Promise<void> = new Promise((resolve) => (this.readyResolve = resolve));
  isReady = false;
  last: ChangeDetail = { complete: false, empty: true, brand: null };

  constructor(
    private readonly owner: Elements,
    readonly type: ElementType,
    private readonly options: ElementOptions,
  ) {}

  mount(target: string | Element): this {
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw invalidOptions(`mount: no element matches ${String(target)}`);
    if (this.iframe) throw invalidOptions(`${this.type} is already mounted`);
    const iframe = document.createElement('iframe');
    iframe.src = this.owner.frameUrl(this.type, this.options);
    iframe.title = this.options.label ?? FRAME_TITLES[this.type];
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('frameborder', '0');
    iframe.style.cssText = 'border:0;width:100%;height:44px;display:block;overflow:hidden;background:transparent;color-scheme:normal';
    container.appendChild(iframe);
    this.iframe = iframe;
    return this;
  }

  on(event: ElementEvent, handler: (detail?: ChangeDetail) => void): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: ElementEvent, handler: (detail?: ChangeDetail) => void): this {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  update({ style }: { style?: ElementsStyle }): this {
    this.send({ action: 'update', style: this.owner.mergedStyle(checkedStyle(style), this.options.style) });
    return this;
  }

  clear(): this {
    this.send({ action: 'clear' });
    return this;
  }

  focus(): this {
    this.send({ action: 'focus' });
    return this;
  }

  unmount(): void {
    this.iframe?.remove();
    this.iframe = null;
    this.isReady = false;
    this.owner.forget(this);
  }

  /** @internal */
  window(): Window | null {
    return this.iframe?.contentWindow ?? null;
  }

  /** @internal */
  send(command: ParentCommand): void {
    this.window()?.postMessage({ type: MESSAGE_TYPE, instance: this.owner.instance, ...command }, this.owner.vaultOrigin);
  }

  /** @internal */
  receive(message: FrameEvent): void {
    if (message.event === 'ready' || message.event === 'resize') {
      if (this.iframe && Number.isFinite(message.height) && message.height > 0 && message.height < 400) this.iframe.style.height = `${message.height}px`;
      if (message.event === 'ready') {
        this.isReady = true;
        this.readyResolve();
        this.emit('ready');
      }
    } else if (message.event === 'change') {
      const { complete, empty, brand, error } = message.detail;
      this.last = { complete: Boolean(complete), empty: Boolean(empty), brand: typeof brand === 'string' ? brand : null, ...(error ? { error: { code: error.code, message: String(error.message) } } : {}) };
      this.emit('change', this.last);
    } else if (message.event === 'focus' || message.event === 'blur' || message.event === 'escape') {
      this.emit(message.event);
    }
  }

  private emit(event: ElementEvent, detail?: ChangeDetail): void {
    for (const handler of this.handlers.get(event) ?? []) handler(detail);
  }
}

export class Elements {
  readonly instance = randomId();
  readonly vaultOrigin: string;
  private readonly elements = new Map<ElementType, VaultElement>();
  private readonly pending = new Map<string, { resolve: (result: SubmitResult) => void; reject: (error: VaultElementsError) => void }>();
  private readonly style: ElementsStyle;
  private readonly fonts: ElementsFont[];

  constructor(private readonly options: ElementsOptions) {
    let url: URL;
    try {
      url = new URL(options?.vaultUrl);
    } catch {
      throw invalidOptions('vaultUrl must be the vault\'s CHECKOUT_URL, e.g. https://pay.vault.example', 'vaultUrl');
    }
    if (!/^cls_[0-9A-Za-z]{24}$/.test(options.sessionId ?? '')) throw invalidOptions('sessionId must be a collect session id (cls_…)', 'sessionId');
    if (typeof options.clientSecret !== 'string' || !options.clientSecret.startsWith(`${options.sessionId}_secret_`)) throw invalidOptions('clientSecret must be the collect session\'s client_secret', 'clientSecret');
    this.vaultOrigin = url.origin;
    this.style = checkedStyle(options.style);
    try {
      this.fonts = checkFonts(options.fonts, location.origin);
    } catch (error) {
      if (error instanceof StyleError) throw invalidOptions(error.message, error.path);
      throw error;
    }
    window.addEventListener('message', this.onMessage);
  }

  create(type: ElementType, options: ElementOptions = {}): VaultElement {
    if (!Object.hasOwn(ELEMENT_FIELDS, type)) throw invalidOptions(`create: the element types are ${Object.keys(ELEMENT_FIELDS).join(', ')}`, 'type');
    if (this.elements.has(type)) throw invalidOptions(`create: ${type} exists already (unmount it first)`, 'type');
    checkedStyle(options.style);
    const element = new VaultElement(this, type, options);
    this.elements.set(type, element);
    return element;
  }

  getElement(type: ElementType): VaultElement | null {
    return this.elements.get(type) ?? null;
  }

  async submit(): Promise<SubmitResult> {
    const number = this.elements.get('cardNumber');
    if (!number?.window()) throw new VaultElementsError({ code: 'incomplete', message: 'Mount the card number field before submitting.', field: 'cardNumber' });
    await Promise.race([Promise.all([...this.elements.values()].map((element) => element.whenReady)), new Promise((resolve) => setTimeout(resolve, READY_TIMEOUT_MS))]);
    const requestId = randomId();
    return new Promise<SubmitResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new VaultElementsError({ code: 'network', message: 'The vault did not answer in time. Check your connection and try again.' }));
      }, SUBMIT_TIMEOUT_MS);
      this.pending.set(requestId, {
        resolve: (result) => (clearTimeout(timer), resolve(result)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      number.send({ action: 'submit', clientSecret: this.options.clientSecret, requestId });
    });
  }

  /** Stops listening and removes every frame. */
  destroy(): void {
    for (const element of [...this.elements.values()]) element.unmount();
    window.removeEventListener('message', this.onMessage);
  }

  /** @internal The field page URL of an element: the session, the field, this instance and its options. */
  frameUrl(type: ElementType, options: ElementOptions): string {
    const style = this.mergedStyle(options.style ?? {}, undefined);
    const encoded = base64url(JSON.stringify({ label: options.label, placeholder: options.placeholder, style, fonts: this.fonts.length ? this.fonts : undefined }));
    const query = new URLSearchParams({ session: this.options.sessionId, field: ELEMENT_FIELDS[type], instance: this.instance, o: encoded });
    return `${this.vaultOrigin}/elements/field?${query}`;
  }

  /** @internal The instance's style under the element's own, state by state. */
  mergedStyle(own: ElementsStyle, fallback: ElementsStyle | undefined): ElementsStyle {
    const merged: ElementsStyle = {};
    for (const source of [this.style, fallback ?? {}, own]) {
      for (const [state, declarations] of Object.entries(source)) merged[state as keyof ElementsStyle] = { ...merged[state as keyof ElementsStyle], ...declarations };
    }
    return merged;
  }

  /** @internal */
  forget(element: VaultElement): void {
    if (this.elements.get(element.type) === element) this.elements.delete(element.type);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.origin !== this.vaultOrigin) return;
    const data = event.data as { type?: unknown; instance?: unknown; field?: unknown } & FrameEvent;
    if (data?.type !== MESSAGE_TYPE || data.instance !== this.instance) return;
    const element = [...this.elements.values()].find((candidate) => candidate.window() === event.source);
    if (!element || ELEMENT_FIELDS[element.type] !== data.field) return;
    if (data.event === 'result') {
      const waiting = this.pending.get(data.requestId);
      if (!waiting || element.type !== 'cardNumber') return;
      this.pending.delete(data.requestId);
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(new VaultElementsError(data.error));
      return;
    }
    element.receive(data);
  };
}

/** `VaultElements({ vaultUrl, sessionId, clientSecret, style?, fonts? })`: throws VaultElementsError (`invalid_options`) on bad options. */
export function VaultElements(options: ElementsOptions): Elements {
  return new Elements(options);
}

export default VaultElements;
