// Vault Elements for React (`vault/react`, built to public/elements-react.js by scripts/build-elements.mjs;
// types in public/elements-react.d.ts): a provider that owns one Elements instance for a collect session,
// one component per field, and a hook for submit() and the form's state. A thin wrapper: every rule lives
// in the SDK (elements-sdk.ts) and the field frames. The bundle starts with 'use client' (a banner).
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ElementType } from '@/lib/elements/field-options';
import type { ElementsFont, ElementsStyle } from '@/lib/elements/style-rules';
import type { ChangeDetail, SubmitResult } from './protocol';
import { VaultElements, type ElementOptions, type Elements } from './elements-sdk';

export type VaultElementsSession = { vaultUrl: string; sessionId: string; clientSecret: string; style?: ElementsStyle; fonts?: ElementsFont[] };

type FieldState = { ready: boolean; complete: boolean };
type ContextValue = { elements: Elements | null; report(type: ElementType, state: Partial<FieldState>): void; fields: Partial<Record<ElementType, FieldState>> };

const ElementsContext = createContext<ContextValue | null>(null);

export function VaultElementsProvider({ session, children }: { session: VaultElementsSession; children?: ReactNode }) {
  const [elements, setElements] = useState<Elements | null>(null);
  const [fields, setFields] = useState<ContextValue['fields']>({});
  const { vaultUrl, sessionId, clientSecret } = session;
  useEffect(() => {
    const instance = VaultElements(session);
    setElements(instance);
    setFields({});
    return () => instance.destroy();
    // One instance per session; style changes go through each element's update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vaultUrl, sessionId, clientSecret]);
  const report = useCallback((type: ElementType, state: Partial<FieldState>) => {
    setFields((current) => ({ ...current, [type]: { ready: false, complete: false, ...current[type], ...state } }));
  }, []);
  const value = useMemo(() => ({ elements, report, fields }), [elements, report, fields]);
  return createElement(ElementsContext.Provider, { value }, children);
}

export type ElementProps = ElementOptions & {
  id?: string;
  className?: string;
  onReady?: () => void;
  onChange?: (change: ChangeDetail) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onEscape?: () => void;
};

function useElementsContext(name: string): ContextValue {
  const context = useContext(ElementsContext);
  if (!context) throw new Error(`${name} must be inside <VaultElementsProvider>`);
  return context;
}

function fieldComponent(type: ElementType, displayName: string) {
  function Field({ id, className, placeholder, label, style, ...handlers }: ElementProps) {
    const { elements, report } = useElementsContext(displayName);
    const container = useRef<HTMLDivElement>(null);
    const latest = useRef(handlers);
    latest.current = handlers;
    useEffect(() => {
      if (!elements || !container.current) return;
      const element = elements.create(type, { placeholder, label, style }).mount(container.current);
      element.on('ready', () => (report(type, { ready: true }), latest.current.onReady?.()));
      element.on('change', (change) => (report(type, { complete: Boolean(change?.complete) }), change && latest.current.onChange?.(change)));
      element.on('focus', () => latest.current.onFocus?.());
      element.on('blur', () => latest.current.onBlur?.());
      element.on('escape', () => latest.current.onEscape?.());
      report(type, { ready: false, complete: false });
      return () => element.unmount();
      // The frame is made once per instance; a new label or placeholder needs a new session anyway.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [elements]);
    const styleKey = JSON.stringify(style ?? null);
    useEffect(() => {
      if (style) elements?.getElement(type)?.update({ style });
      // Compared by content: a style object literal is new on every render.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [elements, styleKey]);
    return createElement('div', { id, className, ref: container });
  }
  Field.displayName = displayName;
  return Field;
}

export const CardNumberElement = fieldComponent('cardNumber', 'CardNumberElement');
export const CardExpiryElement = fieldComponent('cardExpiry', 'CardExpiryElement');
export const CardCvcElement = fieldComponent('cardCvc', 'CardCvcElement');

/** `submit()` (rejects with VaultElementsError), `ready` (every mounted field loaded), `complete` (every mounted field valid). */
export function useVaultElements(): { submit: () => Promise<SubmitResult>; ready: boolean; complete: boolean } {
  const { elements, fields } = useElementsContext('useVaultElements');
  const states = Object.values(fields);
  const submit = useCallback(() => {
    if (!elements) return Promise.reject(new Error('Vault Elements is not ready yet'));
    return elements.submit();
  }, [elements]);
  return { submit, ready: states.length > 0 && states.every((state) => state?.ready), complete: states.length > 0 && states.every((state) => state?.complete) };
}

export { VaultElementsError } from './elements-sdk';
