'use client';
// Create or edit a merchant: name and processor (sandbox in test projects, or an http PSP template). The
// API validates with its own processor schema and names each field; those errors land on the inputs here.
// Editing shows header values as "********": sending them unchanged keeps the stored secrets.
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { useApiForm } from '../../ui/use-api-form';
import { formValuesOf, messagesUnder, processorBody, type MerchantFormValues, type ProcessorInput, type ProcessorView } from './processor-form';

// Only what the form itself must know before sending (the API's processor schema judges the rest).
const ZFormSchema = z.object({
  name: z.string().trim().min(1, 'name must be 1 to 100 characters').max(100, 'name must be 1 to 100 characters'),
  processor: z.any().superRefine((processor: MerchantFormValues['processor'], ctx) => {
    if (processor.type !== 'http' || processor.format !== 'json') return;
    try {
      JSON.parse(processor.body);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'body must be valid JSON when format is json' });
    }
  }),
}) as unknown as z.ZodType<MerchantFormValues>;

type Props = { projectId: string; production: boolean; trigger: ReactNode } & ({ mode: 'create' } | { mode: 'edit'; merchant: { id: string; name: string; processor: ProcessorView } });

export function MerchantFormDialog(props: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; service_api_key: string } | null>(null);
  const editing = props.mode === 'edit' ? props.merchant : null;
  const form = useApiForm({
    schema: ZFormSchema,
    defaultValues: formValuesOf(editing?.name ?? '', editing?.processor ?? null, props.production),
    call: async (values) => {
      // The form's schema has checked the JSON body already (processorBody's other answer).
      const { processor } = processorBody(values.processor) as { processor: ProcessorInput };
      return editing
        ? api.call('updateMerchant', { params: { id: editing.id }, body: { name: values.name, processor } })
        : api.call('createMerchant', { body: { name: values.name, project_id: props.projectId, processor } });
    },
    success: editing ? 'Merchant saved' : 'Merchant created',
    onSuccess: (result) => {
      setOpen(false);
      if (!editing && 'service_api_key' in result.data && result.data.service_api_key) setCreated({ name: result.data.name, service_api_key: result.data.service_api_key });
      if (!editing) form.reset();
      router.refresh();
    },
  });
  const headers = useFieldArray({ control: form.control, name: 'processor.headers' });
  const type = form.watch('processor.type');
  const errors = form.formState.errors;
  const p = errors.processor;
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen} trigger={props.trigger} title={editing ? `Edit ${editing.name}` : 'New merchant'} description="The processor charges the hosted checkout's payments." wide>
        <form className="space-y-4" onSubmit={form.submit} noValidate>
          <FormField id="merchant-name" label="Name" error={errors.name?.message} hint="Shown to customers on the checkout page.">
            <input className={inputClass} autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="merchant-processor-type" label="Processor" error={messagesUnder(p?.type)}>
            <select className={inputClass} {...form.register('processor.type')}>
              <option value="sandbox" disabled={props.production}>
                Sandbox (test projects only)
              </option>
              <option value="http">HTTP: your PSP&apos;s API</option>
            </select>
          </FormField>
          {type === 'sandbox' ? (
            <p className="text-muted">The sandbox approves any valid card except its decline numbers (4000 0000 0000 0002 declines, 4000 0000 0000 9995 has insufficient funds).</p>
          ) : (
            <fieldset className="space-y-4 rounded-lg border border-line p-4">
              <legend className="px-1 text-sm font-medium text-strong">PSP request</legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem_8rem]">
                <FormField id="processor-url" label="URL" error={messagesUnder(p?.url)}>
                  <input className={inputClass} placeholder="https://api.psp.example/v1/charges" autoComplete="off" {...form.register('processor.url')} />
                </FormField>
                <FormField id="processor-method" label="Method" error={messagesUnder(p?.method)}>
                  <select className={inputClass} {...form.register('processor.method')}>
                    <option>POST</option>
                    <option>PUT</option>
                    <option>PATCH</option>
                  </select>
                </FormField>
                <FormField id="processor-format" label="Format" error={messagesUnder(p?.format)}>
                  <select className={inputClass} {...form.register('processor.format')}>
                    <option value="json">JSON</option>
                    <option value="form">Form</option>
                    <option value="xml">XML</option>
                  </select>
                </FormField>
              </div>
              <div className="space-y-2">
                <p className="text-sm font-medium text-strong">Headers</p>
                <p className="text-xs text-muted">Values are secrets: sealed at rest and shown as ********. Leave ******** to keep a stored value.</p>
                {headers.fields.map((field, index) => (
                  <div key={field.id} className="flex flex-wrap items-end gap-2">
                    <FormField id={`header-name-${index}`} label={`Header ${index + 1} name`} className="min-w-0 flex-1 basis-40">
                      <input className={inputClass} autoComplete="off" {...form.register(`processor.headers.${index}.name`)} />
                    </FormField>
                    <FormField id={`header-value-${index}`} label={`Header ${index + 1} value`} className="min-w-0 flex-1 basis-40">
                      <input className={inputClass} type="password" autoComplete="off" {...form.register(`processor.headers.${index}.value`)} />
                    </FormField>
                    <Button size="sm" variant="ghost" aria-label={`Remove header ${index + 1}`} onClick={() => headers.remove(index)}>
                      Remove
                    </Button>
                  </div>
                ))}
                <FormError message={messagesUnder(p?.headers)} />
                <Button size="sm" onClick={() => headers.append({ name: '', value: '' })}>
                  Add header
                </Button>
              </div>
              <FormField id="processor-body" label="Body template" error={messagesUnder(p?.body)} hint="Placeholders such as ${cardNumber}, ${cvv}, ${amountMinor}, ${currency}, ${sessionId}. Never put credentials here: the body is shown back as written.">
                <textarea className={`${inputClass} min-h-40 font-mono text-[13px]`} spellCheck={false} {...form.register('processor.body')} />
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField id="processor-success-path" label="Success path (optional)" error={messagesUnder(p?.success?.path)}>
                  <input className={`${inputClass} font-mono`} placeholder="status" autoComplete="off" {...form.register('processor.success.path')} />
                </FormField>
                <FormField id="processor-success-equals" label="Success equals" error={messagesUnder(p?.success?.equals) ?? (p?.success?.message as string | undefined)} hint="Compared as text.">
                  <input className={`${inputClass} font-mono`} placeholder="succeeded" autoComplete="off" {...form.register('processor.success.equals')} />
                </FormField>
                <FormField id="processor-transaction-id-path" label="Transaction id path" error={messagesUnder(p?.transaction_id_path)}>
                  <input className={`${inputClass} font-mono`} placeholder="id" autoComplete="off" {...form.register('processor.transaction_id_path')} />
                </FormField>
                <FormField id="processor-decline-message-path" label="Decline message path (optional)" error={messagesUnder(p?.decline_message_path)}>
                  <input className={`${inputClass} font-mono`} placeholder="error.message" autoComplete="off" {...form.register('processor.decline_message_path')} />
                </FormField>
              </div>
            </fieldset>
          )}
          <FormError message={errors.root?.server?.message} />
          <FormActions onCancel={() => setOpen(false)} submitLabel={editing ? 'Save merchant' : 'Create merchant'} busy={form.formState.isSubmitting} />
        </form>
      </Dialog>
      <SecretOnceDialog
        open={!!created}
        onClose={() => setCreated(null)}
        title={`Service key for ${created?.name ?? ''}`}
        envFileName="vault-merchant.env"
        secrets={created ? [{ label: 'service API key', envName: 'VAULT_SERVICE_API_KEY', value: created.service_api_key }] : []}
      >
        <p className="text-muted">Your server sends it as X-SERVICE-API-KEY with an application&apos;s API key to POST /api/sessions/create.</p>
      </SecretOnceDialog>
    </>
  );
}
