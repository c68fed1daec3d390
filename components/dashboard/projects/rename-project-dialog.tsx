'use client';
// Renames a project through PUT /api/projects/{id}, validated by the API's own update schema.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { PresentedProject } from '@/lib/projects/present-project';
import { ZRenameProjectRequestSchema } from '@/lib/projects/name-schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';

export function RenameProjectDialog({ project }: { project: PresentedProject }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useApiForm({
    schema: ZRenameProjectRequestSchema,
    defaultValues: { name: project.name },
    call: (values) => api.call('updateProject', { params: { id: project.id }, body: { name: values.name } }),
    success: 'Project renamed',
    onSuccess: () => {
      setOpen(false);
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ name: project.name });
      }}
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
        <FormActions onCancel={() => setOpen(false)} submitLabel="Save" busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
