'use client';
// The card form: number (brand, spacing, Luhn), expiry, security code, name. Inline errors are tied to their
// field (aria-invalid, aria-describedby); the first invalid field takes focus on submit. Card data lives only
// in this component's state; it goes out only through the page's pay action into the pay call's body, and is
// never logged or stored.
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type RefObject } from 'react';
import {
  cardNumberError,
  cvcError,
  detectBrand,
  digitsOnly,
  expiryError,
  formatCardNumber,
  formatExpiry,
  MAX_CARD_DIGITS,
  MAX_NAME_LENGTH,
  nameError,
  parseExpiry,
} from '../../lib/checkout/card-input';
import type { FieldIssue, PayBody } from '../../lib/checkout/page-state';
import { buttonAmountSizeClass } from './amount-size';

type FieldName = 'number' | 'expiry' | 'cvc' | 'name';
type Values = Record<FieldName, string>;

const FIELD_ORDER: FieldName[] = ['number', 'expiry', 'cvc', 'name'];

/** Server field paths (400 validation_error) → the field that shows them. */
const SERVER_FIELDS: Record<string, FieldName> = {
  cardNumber: 'number',
  expirationMonth: 'expiry',
  expirationYear: 'expiry',
  cvc: 'cvc',
  cardholderName: 'name',
};

export function CardForm(props: {
  /** Tighter spacing for a framed page (iframe mode), which has a fixed height. */
  compact?: boolean;
  /** The formatted amount, shown on the Pay button. */
  amountLabel: string;
  /** False until hydrated: the form must never be submitted natively (it would post card data as a form). */
  interactive: boolean;
  busy: boolean;
  serverFieldErrors: FieldIssue[] | null;
  banner: ReactNode;
  onPay(body: PayBody): void;
  onCancel(): void;
  cancelling: boolean;
}) {
  const { compact = false, amountLabel, interactive, busy, serverFieldErrors, banner, onPay, onCancel, cancelling } = props;
  const id = useId();
  const [values, setValues] = useState<Values>({ number: '', expiry: '', cvc: '', name: '' });
  const [touched, setTouched] = useState<Record<FieldName, boolean>>({ number: false, expiry: false, cvc: false, name: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const refs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
  };
  const pendingCaret = useRef<number | null>(null);

  const digits = digitsOnly(values.number);
  const brand = detectBrand(digits);
  const errors: Record<FieldName, string | null> = {
    number: cardNumberError(digits),
    expiry: expiryError(values.expiry),
    cvc: cvcError(values.cvc, brand),
    name: nameError(values.name),
  };
  const shown = (field: FieldName): string | null => serverErrors[field] ?? (touched[field] ? errors[field] : null);

  // Errors the server found (400): shown on their fields, first one focused.
  const [lastServerErrors, setLastServerErrors] = useState(serverFieldErrors);
  if (serverFieldErrors !== lastServerErrors) {
    setLastServerErrors(serverFieldErrors);
    const mapped: Partial<Record<FieldName, string>> = {};
    for (const error of serverFieldErrors ?? []) {
      const field = SERVER_FIELDS[error.path.split('.')[0] ?? ''] ?? null;
      if (field && !mapped[field]) mapped[field] = error.message || 'Check this field.';
    }
    setServerErrors(mapped);
  }
  useLayoutEffect(() => {
    const first = FIELD_ORDER.find((field) => serverErrors[field]);
    if (first) refs[first].current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's verdict changes
  }, [lastServerErrors]);

  // Keep the caret after the same digit when spaces are inserted or removed while typing the number.
  useLayoutEffect(() => {
    const input = refs.number.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    const digitsBefore = pendingCaret.current;
    pendingCaret.current = null;
    let position = 0;
    let seen = 0;
    while (position < input.value.length && seen < digitsBefore) {
      if (/\d/.test(input.value[position]!)) seen += 1;
      position += 1;
    }
    input.setSelectionRange(position, position);
  });

  function update(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors((current) => ({ ...current, [field]: undefined }));
  }

  function onNumber(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    pendingCaret.current = digitsOnly(raw.slice(0, caret)).length;
    update('number', formatCardNumber(digitsOnly(raw).slice(0, MAX_CARD_DIGITS)));
  }

  function onExpiry(event: ChangeEvent<HTMLInputElement>) {
    const deleting = (event.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? false;
    update('expiry', formatExpiry(event.target.value, deleting));
  }

  function onCvc(event: ChangeEvent<HTMLInputElement>) {
    update('cvc', digitsOnly(event.target.value).slice(0, brand?.cvcLength ?? 4));
  }

  function onName(event: ChangeEvent<HTMLInputElement>) {
    update('name', event.target.value.slice(0, MAX_NAME_LENGTH + 20));
  }

  function blur(field: FieldName) {
    // An empty field left by tabbing through is not an error yet; it is once submitted.
    if (values[field] !== '') setTouched((current) => ({ ...current, [field]: true }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!interactive || busy) return;
    setTouched({ number: true, expiry: true, cvc: true, name: true });
    const firstInvalid = FIELD_ORDER.find((field) => serverErrors[field] || errors[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    const expiry = parseExpiry(values.expiry)!;
    onPay({
      cardNumber: digits,
      expirationMonth: expiry.month,
      expirationYear: expiry.year,
      cvc: values.cvc,
      cardholderName: values.name.trim(),
    });
  }

  const locked = busy || cancelling;
  const cvcLength = brand?.cvcLength ?? 3;
  /** What every field's input has in common: identity, value, validation state, lock while busy. */
  const inputProps = (field: FieldName, describedBy: string | undefined, invalid: boolean) => ({
    ref: refs[field],
    id: `${id}-${field}`,
    value: values[field],
    onBlur: () => blur(field),
    readOnly: locked,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    'aria-required': true,
  });

  return (
    <form noValidate method="post" onSubmit={submit} aria-busy={busy} className={compact ? 'mt-4 space-y-3' : 'mt-6 space-y-4'} aria-label="Card details">
      {banner}
      <Field
        id={`${id}-number`}
        label="Card number"
        error={shown('number')}
        hint={brand ? `${brand.label} card` : undefined}
        hintHidden
        trailing={<BrandMark brand={brand?.id ?? null} />}
      >
        {(describedBy, invalid) => (
          <input
            {...inputProps('number', describedBy, invalid)}
            name="cardnumber"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            autoCorrect="off"
            spellCheck={false}
            placeholder="1234 1234 1234 1234"
            maxLength={MAX_CARD_DIGITS + 4}
            onChange={onNumber}
            className={`${inputClass(invalid)} pr-14 font-mono`}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-expiry`} label="Expiry date" error={shown('expiry')} hint="Month and year, as MM / YY" hintHidden>
          {(describedBy, invalid) => (
            <input
              {...inputProps('expiry', describedBy, invalid)}
              name="exp-date"
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              maxLength={7}
                onChange={onExpiry}
              className={`${inputClass(invalid)} font-mono`}
            />
          )}
        </Field>
        <Field
          id={`${id}-cvc`}
          label="Security code"
          error={shown('cvc')}
          hint={`${cvcLength} digits${brand?.id === 'amex' ? ', on the front of the card' : ', on the back of the card'}`}
          hintHidden
        >
          {(describedBy, invalid) => (
            <input
              {...inputProps('cvc', describedBy, invalid)}
              name="cvc"
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={cvcLength === 4 ? '1234' : '123'}
              maxLength={4}
                onChange={onCvc}
              className={`${inputClass(invalid)} font-mono`}
            />
          )}
        </Field>
      </div>
      <Field id={`${id}-name`} label="Name on card" error={shown('name')}>
        {(describedBy, invalid) => (
          <input
            {...inputProps('name', describedBy, invalid)}
            name="ccname"
            type="text"
            autoComplete="cc-name"
            autoCapitalize="words"
            spellCheck={false}
            placeholder="Full name"
            onChange={onName}
            className={inputClass(invalid)}
          />
        )}
      </Field>
      <div className={`flex flex-col ${compact ? 'gap-2 pt-1' : 'gap-3 pt-2'}`}>
        <button
          type="submit"
          disabled={!interactive || locked}
          className="inline-flex min-h-12 w-full flex-wrap items-center justify-center gap-x-2 rounded-lg bg-emerald-400 px-4 py-3 text-base font-semibold text-emerald-950 shadow-lg shadow-emerald-500/20 transition hover:bg-emerald-300 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? (
            <>
              <Spinner />
              Processing…
            </>
          ) : (
            <>
              {'Pay '}
              <span className={`whitespace-nowrap tabular-nums ${buttonAmountSizeClass(amountLabel)}`}>{amountLabel}</span>
            </>
          )}
        </button>
        <button
          type="button"
          onClick={onCancel}
          disabled={!interactive || locked}
          className="min-h-11 w-full rounded-lg border border-white/10 px-4 py-2.5 text-sm font-medium text-zinc-300 transition hover:border-white/20 hover:bg-white/5 hover:text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          {cancelling ? 'Cancelling…' : 'Cancel and return'}
        </button>
      </div>
    </form>
  );
}

function inputClass(invalid: boolean): string {
  return [
    'block w-full min-h-11 rounded-lg border bg-zinc-900/80 px-3 py-2.5 text-base text-white placeholder:text-zinc-600 transition',
    'focus:outline-none focus-visible:outline-none focus:ring-2 read-only:opacity-70',
    invalid ? 'border-rose-400/70 focus:border-rose-400 focus:ring-rose-400/30' : 'border-white/10 focus:border-emerald-400 focus:ring-emerald-400/25',
  ].join(' ');
}

function Field(props: {
  id: string;
  label: string;
  error: string | null;
  hint?: string;
  /** The hint is for screen readers only (it repeats something shown another way). */
  hintHidden?: boolean;
  trailing?: ReactNode;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}) {
  const { id, label, error, hint, hintHidden, trailing, children } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <div className="relative">
        {children(describedBy, Boolean(error))}
        {trailing && <div className="pointer-events-none absolute inset-y-0 right-3 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className={error || hintHidden ? 'sr-only' : 'mt-1.5 text-xs text-zinc-500'}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-rose-300">
          <svg viewBox="0 0 20 20" aria-hidden className="mt-0.5 size-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
          </svg>
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** Short marks for the detected brand (text and shapes only: no third-party logos, nothing to fetch). */
const BRAND_MARKS: Record<string, string> = {
  visa: 'VISA',
  amex: 'AMEX',
  discover: 'DISC',
  diners: 'DINERS',
  jcb: 'JCB',
  unionpay: 'UPAY',
};

function BrandMark({ brand }: { brand: string | null }) {
  if (brand === 'mastercard' || brand === 'maestro') {
    const second = brand === 'mastercard' ? '#f79e1b' : '#00a2e5';
    return (
      <svg viewBox="0 0 32 20" aria-hidden className="h-5 w-8">
        <circle cx="12" cy="10" r="7.5" fill="#eb001b" />
        <circle cx="20" cy="10" r="7.5" fill={second} fillOpacity="0.9" />
      </svg>
    );
  }
  const mark = brand ? BRAND_MARKS[brand] : undefined;
  if (!mark) {
    return (
      <svg viewBox="0 0 24 24" aria-hidden className="size-6 text-zinc-600" fill="none" stroke="currentColor" strokeWidth={1.5}>
        <rect x="2.5" y="5" width="19" height="14" rx="2" />
        <path d="M2.5 9.5h19M6 15h4" />
      </svg>
    );
  }
  return (
    <span aria-hidden className="rounded border border-white/15 bg-white/5 px-1 py-0.5 text-[10px] leading-none font-bold tracking-wide text-zinc-100">
      {mark}
    </span>
  );
}

export function Spinner() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 animate-spin" fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
