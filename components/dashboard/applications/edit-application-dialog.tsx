'use client';
// Renames an application or changes its permissions (PUT /api/applications/{id}, the API's own schema);
// the key keeps working and follows the new permissions at once.
import { useRouter } from 'next/navigation';
import { ZUpdateApplicationRequestSchema } from '@/lib/applications/schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';
import type { ApplicationRowView } from './application-row';
import { PermissionFields } from './permission-fields';

export function EditApplicationDialog({ application }: { application: ApplicationRowView }) {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset(current));
  const current = { name: application.name, permissions: application.permissions };
  const form = useApiForm({
    schema: ZUpdateApplicationRequestSchema,
    defaultValues: current,
    call: (values) => api.call('updateApplication', { params: { id: application.id }, body: values }),
    success: 'Application saved',
    onSuccess: () => {
      dialog.close();
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const prefix = `edit-${application.id}`;
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button size="sm" aria-label={`Edit ${application.name}`}>
          Edit
        </Button>
      }
      title={`Edit ${application.name}`}
      description="Changes apply to its API key at once; the key itself stays the same."
    >
      <form className="space-y-4" onSubmit={form.submit} noValidate>
        <FormField id={`${prefix}-name`} label="Name" error={errors.name?.message}>
          <input className={inputClass} autoComplete="off" {...form.register('name')} />
        </FormField>
        <PermissionFields idPrefix={prefix} register={form.register} />
        <FormError message={errors.root?.server?.message ?? errors.permissions?.message} />
        <FormActions onCancel={dialog.close} submitLabel="Save" busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
