'use client';
// Request an export (POST /api/exports): the recipient's armored public key pasted in, every card or a list
// of tokens (one a line), CSV or JSON Lines. Nothing is decrypted until another owner approves; the API's
// field errors (a weak key and why, tokens not of this project) land on the fields they name.
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { EXPORT_FORMATS, MAX_EXPORT_TOKENS } from '@/lib/exports/schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';

const tokenLines = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

// The form's shape (a textarea of tokens, a choice of selection); the body it sends is checked by the API's own schema.
const ZForm = z
  .object({
    recipient_public_key: z.string().trim().min(1, 'Paste the recipient\'s armored public key'),
    selection: z.enum(['all', 'tokens']),
    tokens: z.string(),
    format: z.enum(EXPORT_FORMATS),
  })
  .superRefine((values, ctx) => {
    if (values.selection !== 'tokens') return;
    const count = tokenLines(values.tokens).length;
    if (count === 0) ctx.addIssue({ code: 'custom', path: ['tokens'], message: 'List at least one token, one a line (or export every card)' });
    if (count > MAX_EXPORT_TOKENS) ctx.addIssue({ code: 'custom', path: ['tokens'], message: `At most ${MAX_EXPORT_TOKENS} tokens: export every card instead` });
  });
type FormValues = z.infer<typeof ZForm>;
const defaults: FormValues = { recipient_public_key: '', selection: 'all', tokens: '', format: 'csv' };

export function RequestExportDialog({ projectId, projectName, disabledReason }: { projectId: string; projectName: string; disabledReason?: string }) {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset(defaults));
  const form = useApiForm({
    schema: ZForm,
    defaultValues: defaults,
    call: (values) =>
      api.call('createExport', {
        body: {
          project_id: projectId,
          recipient_public_key: values.recipient_public_key,
          format: values.format,
          ...(values.selection === 'all' ? { all: true as const } : { tokens: tokenLines(values.tokens) }),
        },
      }),
    success: 'Export requested: another owner must approve it',
    onSuccess: () => {
      dialog.close();
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const selection = form.watch('selection');
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="primary" disabled={Boolean(disabledReason)} title={disabledReason}>
          Request export
        </Button>
      }
      title="Request an export"
      description={`The cards of ${projectName}, encrypted to the recipient's key only. Another owner approves the request before anything is decrypted; either of you then downloads the file once.`}
      wide
    >
      <form className="space-y-4" onSubmit={form.submit} noValidate>
        <FormField id="export-recipient-key" label="Recipient's public key" hint="Armored OpenPGP public key (-----BEGIN PGP PUBLIC KEY BLOCK-----): RSA of 3072 bits or more, or Curve25519." error={errors.recipient_public_key?.message}>
          <textarea className={`${inputClass} h-36 font-mono text-xs`} spellCheck={false} autoComplete="off" {...form.register('recipient_public_key')} />
        </FormField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-strong">Cards</legend>
          <label className="flex items-center gap-2 text-sm text-strong">
            <input type="radio" value="all" className="accent-emerald-600" {...form.register('selection')} /> Every active card of the project
          </label>
          <label className="flex items-center gap-2 text-sm text-strong">
            <input type="radio" value="tokens" className="accent-emerald-600" {...form.register('selection')} /> Only these tokens
          </label>
        </fieldset>
        {selection === 'tokens' && (
          <FormField id="export-tokens" label="Tokens" hint={`One token a line, at most ${MAX_EXPORT_TOKENS.toLocaleString('en')}. Deleted or expired tokens are skipped.`} error={errors.tokens?.message}>
            <textarea className={`${inputClass} h-28 font-mono text-xs`} spellCheck={false} autoComplete="off" {...form.register('tokens')} />
          </FormField>
        )}
        <FormField id="export-format" label="Format" hint="The file inside the OpenPGP message: CSV with a header, or JSON Lines." error={errors.format?.message}>
          <select className={inputClass} {...form.register('format')}>
            <option value="csv">CSV</option>
            <option value="jsonl">JSON Lines</option>
          </select>
        </FormField>
        <FormError message={errors.root?.server?.message ?? errors.selection?.message} />
        <FormActions onCancel={dialog.close} submitLabel="Request export" busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
