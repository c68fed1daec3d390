'use client';
// Renames a project through PUT /api/projects/{id}, validated by the API's own update schema.
import { useRouter } from 'next/navigation';
import type { PresentedProject } from '@/lib/projects/present-project';
import { ZRenameProjectRequestSchema } from '@/lib/projects/name-schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';

export function RenameProjectDialog({ project }: { project: PresentedProject }) {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset({ name: project.name }));
  const form = useApiForm({
    schema: ZRenameProjectRequestSchema,
    defaultValues: { name: project.name },
    call: (values) => api.call('updateProject', { params: { id: project.id }, body: { name: values.name } }),
    success: 'Project renamed',
    onSuccess: () => {
      dialog.close();
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button size="sm" aria-label={`Rename ${project.name}`}>
          Rename
        </Button>
      }
      title={`Rename ${project.name}`}
    >
      <form className="space-y-4" onSubmit={form.submit} noValidate>
        <FormField id={`rename-${project.id}`} label="Name" error={errors.name?.message}>
          <input className={inputClass} autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormError message={errors.root?.server?.message} />
        <FormActions onCancel={dialog.close} submitLabel="Save" busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
