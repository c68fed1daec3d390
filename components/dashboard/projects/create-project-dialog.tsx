'use client';
// "New project": name and the production switch, validated by the API's own schema and created through
// POST /api/projects. A production project answers with its pub key, shown here once to copy.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ZCreateProjectRequestSchema } from '@/lib/projects/name-schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { CheckboxField, FormError, FormField, inputClass } from '../../ui/form-field';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';

export function CreateProjectDialog() {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset());
  const [pubKey, setPubKey] = useState<{ name: string; value: string }>();
  const form = useApiForm({
    schema: ZCreateProjectRequestSchema,
    defaultValues: { name: '', production: false },
    call: (values) => api.call('createProject', { body: values }),
    success: 'Project created',
    onSuccess: (result) => {
      dialog.close();
      if (result.data.pub_key) setPubKey({ name: result.data.name, value: result.data.pub_key });
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <>
      <Dialog
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        trigger={<Button variant="primary">New project</Button>}
        title="New project"
        description="A test project takes test cards only. A production project also gets a pub key its clients send as X-Pub-Key."
      >
        <form className="space-y-4" onSubmit={form.submit} noValidate>
          <FormField id="project-name" label="Name" error={errors.name?.message}>
            <input className={inputClass} autoComplete="off" {...form.register('name')} />
          </FormField>
          <CheckboxField id="project-production" label="Production" hint="Real card data; clients also need the project's pub key." {...form.register('production')} />
          <FormError message={errors.root?.server?.message} />
          <FormActions onCancel={dialog.close} submitLabel="Create project" busy={isSubmitting} />
        </form>
      </Dialog>
      <SecretOnceDialog
        open={!!pubKey}
        onClose={() => setPubKey(undefined)}
        title={`Pub key of ${pubKey?.name ?? 'the project'}`}
        secrets={pubKey ? [{ label: 'pub key', envName: 'VAULT_PUB_KEY', value: pubKey.value }] : []}
      >
        <p className="text-muted">Production clients send it with their API key on /tokenize and /test-tokens as the <code className="font-mono text-strong">X-Pub-Key</code> header.</p>
      </SecretOnceDialog>
    </>
  );
}
