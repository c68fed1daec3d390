// Types for Vault Elements for React: `import { VaultElementsProvider, CardNumberElement, … } from 'vault/react'`.
import type { ReactNode, JSX } from 'react';
import type { ElementChange, ElementOptions, ElementsFont, ElementsResult, ElementsStyle } from './elements';

export { VaultElementsError } from './elements';

/** The collect session's id and client secret from your server, and the vault's CHECKOUT_URL. */
export interface VaultElementsSession {
  vaultUrl: string;
  sessionId: string;
  clientSecret: string;
  style?: ElementsStyle;
  fonts?: ElementsFont[];
}

/** One Elements instance for the session; a new session (id or secret) makes a new one. */
export declare function VaultElementsProvider(props: { session: VaultElementsSession; children?: ReactNode }): JSX.Element;

export interface ElementProps extends ElementOptions {
  id?: string;
  className?: string;
  onReady?: () => void;
  onChange?: (change: ElementChange) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onEscape?: () => void;
}

export declare function CardNumberElement(props: ElementProps): JSX.Element;
export declare function CardExpiryElement(props: ElementProps): JSX.Element;
export declare function CardCvcElement(props: ElementProps): JSX.Element;

/**
 * `submit()` resolves with the token (rejects with VaultElementsError); `ready`: every mounted field has
 * loaded; `complete`: every mounted field is valid.
 */
export declare function useVaultElements(): { submit: () => Promise<ElementsResult>; ready: boolean; complete: boolean };
