'use client';
// "New application" in the current project: name and permissions (reveal unchecked in production projects),
// validated by the API's own schema and created through POST /api/applications. The API key comes back once and is shown once; a production
// project's pub key (publishable, from the project view) is offered beside it with how to send it.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ZCreateApplicationRequestSchema } from '@/lib/applications/schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { CodeLine } from '../../ui/code-line';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { SecretOnceDialog, type OnceSecret } from '../../ui/secret-once-dialog';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';
import { PermissionFields } from './permission-fields';
import { tokenizeCurl } from './tokenize-curl';

type Project = { id: string; name: string; production: boolean; pubKey?: string };

export function CreateApplicationDialog({ project, baseUrl }: { project: Project; baseUrl: string }) {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset(defaults));
  const [created, setCreated] = useState<{ name: string; apiKey: string }>();
  // Reveal starts unchecked in production (a key that can read card numbers back is asked for, never
  // given by default); test projects keep the spec's default, tokenization with reveal.
  const defaults = { name: '', project_id: project.id, permissions: { tokenization: { allowed: true }, detokenize: { allowed: !project.production }, provisioning: { allowed: false }, search: { allowed: false } } };
  const form = useApiForm({
    schema: ZCreateApplicationRequestSchema,
    defaultValues: defaults,
    call: (values) => api.call('createApplication', { body: { ...values, project_id: project.id } }),
    success: 'Application created',
    onSuccess: (result) => {
      dialog.close();
      setCreated({ name: result.data.name, apiKey: result.data.api_key });
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const secrets: OnceSecret[] = created
    ? [{ label: 'API key', envName: 'VAULT_API_KEY', value: created.apiKey }, ...(project.production && project.pubKey ? [{ label: 'pub key', envName: 'VAULT_PUB_KEY', value: project.pubKey }] : [])]
    : [];
  return (
    <>
      <Dialog
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        trigger={<Button variant="primary">New application</Button>}
        title="New application"
        description={`In ${project.name}${project.production ? ' (production)' : ''}. Its API key is shown once, right after.`}
      >
        <form className="space-y-4" onSubmit={form.submit} noValidate>
          <FormField id="application-name" label="Name" hint="3 to 50 characters, e.g. Checkout backend." error={errors.name?.message}>
            <input className={inputClass} autoComplete="off" {...form.register('name')} />
          </FormField>
          <PermissionFields idPrefix="create" register={form.register} />
          <FormError message={errors.root?.server?.message ?? errors.permissions?.message ?? errors.project_id?.message} />
          <FormActions onCancel={dialog.close} submitLabel="Create application" busy={isSubmitting} />
        </form>
      </Dialog>
      <SecretOnceDialog open={!!created} onClose={() => setCreated(undefined)} title={`API key of ${created?.name ?? 'the application'}`} secrets={secrets}>
        <div className="space-y-1">
          <p className="text-muted">
            {project.production ? 'Send both on every call: the API key as X-API-Key and the pub key as X-Pub-Key. With the .env loaded:' : 'Send it as X-API-Key. With the .env loaded:'}
          </p>
          <CodeLine value={tokenizeCurl(baseUrl, { production: project.production })} label="curl command" />
        </div>
      </SecretOnceDialog>
    </>
  );
}
