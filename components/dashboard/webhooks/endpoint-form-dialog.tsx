'use client';
// Add an endpoint (POST /api/webhook-endpoints, its signing secret shown once right after) or edit one
// (PUT /api/webhook-endpoints/{id}): URL, event types, description. The form validates with the API's own
// schemas, and the API's field errors (an http URL that is not localhost, …) land on the fields they name.
// In the page header, the add dialog outlives the refresh that replaces the empty state, so the secret it
// shows once is not lost.
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { ZCreateWebhookEndpointRequestSchema, ZUpdateWebhookEndpointRequestSchema } from '@/lib/webhooks/schemas';
import { api, type ApiInput } from '../../ui/api-client';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';
import { EventTypeFields } from './event-type-fields';
import type { EndpointView } from './endpoint-view';
import { WebhookSecretDialog, type ShownSecret } from './webhook-secret-dialog';

const URL_HINT = 'https, or plain http to localhost in a test project (your development receiver).';

/** The message of an array field's error: its own, or its first item's. */
function arrayMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  const own = (error as FieldError).message;
  if (own) return own;
  return Array.isArray(error) ? (error.find(Boolean) as FieldError | undefined)?.message : undefined;
}

type EventTypes = NonNullable<ApiInput<'createWebhookEndpoint'>['body']['event_types']>;
type FormValues = { project_id?: string; url: string; event_types: EventTypes; description: string; enabled?: boolean };
type Props = { trigger: ReactNode } & ({ mode: 'create'; projectId: string; baseUrl: string } | { mode: 'edit'; endpoint: EndpointView });

export function EndpointFormDialog(props: Props) {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset(defaults));
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const editing = props.mode === 'edit' ? props.endpoint : null;
  const defaults: FormValues = editing
    ? // The view lists the stored types as strings; they were stored through this same schema.
      { url: editing.url, event_types: editing.event_types as EventTypes, description: editing.description }
    : { project_id: props.mode === 'create' ? props.projectId : undefined, url: '', event_types: ['*'], description: '', enabled: true };
  const form = useApiForm({
    // The API's own schemas: create (project, enabled) or the partial update.
    schema: (editing ? ZUpdateWebhookEndpointRequestSchema : ZCreateWebhookEndpointRequestSchema) as unknown as z.ZodType<FormValues>,
    defaultValues: defaults,
    call: async (values) => (editing ? api.call('updateWebhookEndpoint', { params: { id: editing.id }, body: values }) : api.call('createWebhookEndpoint', { body: values })),
    success: editing ? 'Endpoint saved' : 'Endpoint added',
    onSuccess: (result) => {
      dialog.close();
      if ('secret' in result.data && result.data.secret) setShown({ url: result.data.url, secret: result.data.secret, rotated: false, previousExpiresAt: null });
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const prefix = editing ? `edit-${editing.id}` : 'create-endpoint';
  return (
    <>
      <Dialog
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        trigger={props.trigger}
        title={editing ? 'Edit endpoint' : 'Add endpoint'}
        description={editing ? 'Changes apply to the next delivery; the signing secret stays the same.' : 'Vault POSTs each event it is subscribed to, signed; its signing secret is shown once, right after.'}
        wide
      >
        <form className="space-y-4" onSubmit={form.submit} noValidate>
          <FormField id={`${prefix}-url`} label="URL" hint={URL_HINT} error={errors.url?.message}>
            <input className={`${inputClass} font-mono`} type="url" inputMode="url" placeholder="https://api.example.com/webhooks/vault" autoComplete="off" spellCheck={false} {...form.register('url')} />
          </FormField>
          <EventTypeFields control={form.control} idPrefix={prefix} error={arrayMessage(errors.event_types)} />
          <FormField id={`${prefix}-description`} label="Description" hint="Optional: what this receiver is for." error={errors.description?.message}>
            <input className={inputClass} autoComplete="off" {...form.register('description')} />
          </FormField>
          <FormError message={errors.root?.server?.message ?? errors.project_id?.message ?? errors.enabled?.message} />
          <FormActions onCancel={dialog.close} submitLabel={editing ? 'Save' : 'Add endpoint'} busy={isSubmitting} />
        </form>
      </Dialog>
      {props.mode === 'create' && <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} baseUrl={props.baseUrl} />}
    </>
  );
}
