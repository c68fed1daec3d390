'use client';
import { useState } from 'react';
import { CardCvcElement, CardExpiryElement, CardNumberElement, useVaultElements, VaultElementsProvider } from '../../../public/elements-react.js';


function Form() {
  const { submit, ready, complete } = useVaultElements();
  const [outcome, setOutcome] = useState('');
  const [numberError, setNumberError] = useState('');
  async function onSubmit(event) {
    event.preventDefault();
    try {
      const result = await submit();
      window.__result = result;
      setOutcome(`Saved ${result.brand} •••• ${result.last4}`);
    } catch (error) {
      window.__error = { code: error.code, message: error.message, field: error.field };
      setOutcome(error.message);
    }
  }
  return (
    <form onSubmit={onSubmit} style={{ maxWidth: 420, display: 'grid', gap: 8 }}>
      <span>Card number</span>
      <CardNumberElement id="card-number" placeholder="1234 1234 1234 1234" onChange={(change) => setNumberError(change.error?.message ?? '')} />
      <span id="number-error">{numberError}</span>
      <span>Expiry</span>
      <CardExpiryElement id="card-expiry" />
      <span>CVC</span>
      <CardCvcElement id="card-cvc" />
      <p>
        <span id="ready">{ready ? 'ready' : 'loading'}</span> · <span id="complete">{complete ? 'complete' : 'incomplete'}</span>
      </p>
      <button type="submit" disabled={!complete}>
        Save card
      </button>
      <p id="outcome" role="status">
        {outcome}
      </p>
    </form>
  );
}

export function ShopForm({ session }) {
  return (
    <div style={{ display: 'contents' }}>
      <VaultElementsProvider session={session}>
        <Form />
      </VaultElementsProvider>
      <style>{`#card-number,#card-expiry,#card-cvc{background:#fff;border:1px solid #a1a1aa;border-radius:6px;padding:0 10px}`}</style>
    </div>
  );
}
