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
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { checkoutInputClass, FormField } from '../ui/form-field';
import { Spinner } from '../ui/spinner';
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
  /** The formatted amount, shown on the Pay button; null in setup mode (the button says "Save card"). */
  amountLabel: string | null;
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
  /** What every field's input has in common: value, look by validation state, lock while busy (FormField adds id and aria). */
  const inputProps = (field: FieldName, extraClass?: string) => ({
    ref: refs[field],
    value: values[field],
    onBlur: () => blur(field),
    readOnly: locked,
    'aria-required': true,
    className: cn(checkoutInputClass(Boolean(shown(field))), extraClass),
  });

  return (
    <form noValidate method="post" onSubmit={submit} aria-busy={busy} className={compact ? 'mt-4 space-y-3' : 'mt-6 space-y-4'} aria-label="Card details">
      {banner}
      <FormField
        variant="checkout"
        id={`${id}-number`}
        label="Card number"
        error={shown('number') ?? undefined}
        hint={brand ? `${brand.label} card` : undefined}
        hintHidden
        trailing={<BrandMark brand={brand?.id ?? null} />}
      >
        <input
          {...inputProps('number', 'pr-14 font-mono')}
          name="cardnumber"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          autoCorrect="off"
          spellCheck={false}
          placeholder="1234 1234 1234 1234"
          maxLength={MAX_CARD_DIGITS + 4}
          onChange={onNumber}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField variant="checkout" id={`${id}-expiry`} label="Expiry date" error={shown('expiry') ?? undefined} hint="Month and year, as MM / YY" hintHidden>
          <input
            {...inputProps('expiry', 'font-mono')}
            name="exp-date"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            onChange={onExpiry}
          />
        </FormField>
        <FormField
          variant="checkout"
          id={`${id}-cvc`}
          label="Security code"
          error={shown('cvc') ?? undefined}
          hint={`${cvcLength} digits${brand?.id === 'amex' ? ', on the front of the card' : ', on the back of the card'}`}
          hintHidden
        >
          <input
            {...inputProps('cvc', 'font-mono')}
            name="cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={cvcLength === 4 ? '1234' : '123'}
            maxLength={4}
            onChange={onCvc}
          />
        </FormField>
      </div>
      <FormField variant="checkout" id={`${id}-name`} label="Name on card" error={shown('name') ?? undefined}>
        <input
          {...inputProps('name')}
          name="ccname"
          type="text"
          autoComplete="cc-name"
          autoCapitalize="words"
          spellCheck={false}
          placeholder="Full name"
          onChange={onName}
        />
      </FormField>
      <div className={`flex flex-col ${compact ? 'gap-2 pt-1' : 'gap-3 pt-2'}`}>
        <Button type="submit" variant="checkout-pay" disabled={!interactive || locked}>
          {busy ? (
            <>
              <Spinner />
              Processing…
            </>
          ) : amountLabel === null ? (
            'Save card'
          ) : (
            <>
              {'Pay '}
              <span className={`whitespace-nowrap tabular-nums ${buttonAmountSizeClass(amountLabel)}`}>{amountLabel}</span>
            </>
          )}
        </Button>
        <Button variant="checkout-outline" onClick={onCancel} disabled={!interactive || locked} className="w-full text-zinc-300 hover:text-white">
          {cancelling ? 'Cancelling…' : 'Cancel and return'}
        </Button>
      </div>
    </form>
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
