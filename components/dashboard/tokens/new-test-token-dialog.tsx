'use client';
// "New test token": a published test card from the picker, its expiry and a security code, sent to
// POST /test-tokens?project_id=<this project> with the session (the API checks the role and writes the
// audit row). The token and its CVC session id are shown once.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { z } from 'zod';
import { ZTestTokenRequestSchema } from '@/lib/vault/schemas';
import { api, type ApiData } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { useApiForm } from '../../ui/use-api-form';
import { TEST_CARD_CHOICES, testCardNumber } from './test-card-choices';

// The API's own rules for expiry and code; the card is a choice id here (its number joins the body at submit).
const ZFormSchema = ZTestTokenRequestSchema.omit({ cardNumber: true, firstName: true, lastName: true }).extend({ card: z.enum(TEST_CARD_CHOICES.map((choice) => choice.id) as [string, ...string[]]) });
type Created = ApiData<'createTestToken'>;

export function NewTestTokenDialog({ projectId }: { projectId: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const form = useApiForm({
    schema: ZFormSchema,
    defaultValues: { card: 'visa', expirationMonth: '12', expirationYear: String(new Date().getUTCFullYear() + 3), cvc: '123' },
    // `card` passed the form's enum of listed ids, so its number exists.
    call: ({ card, ...rest }) => api.call('createTestToken', { query: { project_id: projectId }, body: { cardNumber: testCardNumber(card)!, ...rest } }),
    success: 'Test token created',
    onSuccess: (result) => {
      setOpen(false);
      setCreated(result);
      form.reset();
      router.refresh();
    },
  });
  const errors = form.formState.errors;
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        trigger={<Button variant="primary">New test token</Button>}
        title="New test token"
        description="A token for a published test card, with a CVC session that lasts a year: for development against sandboxes. Real cards go to POST /tokenize."
      >
        <form className="space-y-4" onSubmit={form.submit} noValidate>
          <FormField id="test-card" label="Test card" error={errors.card?.message}>
            <select className={inputClass} {...form.register('card')}>
              {TEST_CARD_CHOICES.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </FormField>
          <div className="grid grid-cols-3 gap-3">
            <FormField id="test-month" label="Month" error={errors.expirationMonth?.message}>
              <input className={inputClass} inputMode="numeric" maxLength={2} autoComplete="off" {...form.register('expirationMonth')} />
            </FormField>
            <FormField id="test-year" label="Year" error={errors.expirationYear?.message}>
              <input className={inputClass} inputMode="numeric" maxLength={4} autoComplete="off" {...form.register('expirationYear')} />
            </FormField>
            <FormField id="test-cvc" label="CVC" error={errors.cvc?.message}>
              <input className={inputClass} inputMode="numeric" maxLength={4} autoComplete="off" {...form.register('cvc')} />
            </FormField>
          </div>
          <FormError message={errors.root?.server?.message} />
          <FormActions onCancel={() => setOpen(false)} submitLabel="Create test token" busy={form.formState.isSubmitting} />
        </form>
      </Dialog>
      <SecretOnceDialog
        open={!!created}
        onClose={() => setCreated(null)}
        title="Test token created"
        envFileName="vault-test-token.env"
        secrets={
          created
            ? [
                { label: 'test token', envName: 'VAULT_TEST_TOKEN', value: created.token },
                ...(created.cvc_session_id ? [{ label: 'CVC session id', envName: 'VAULT_TEST_CVC_SESSION_ID', value: created.cvc_session_id }] : []),
              ]
            : []
        }
      >
        {created && <p className="text-muted">Card {created.mask}: use the token and CVC session id with POST /proxy/transaction in this project.</p>}
      </SecretOnceDialog>
    </>
  );
}
