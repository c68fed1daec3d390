'use client';
// Deletes an application after its name is typed (DELETE /api/applications/{id}): its key stops at once.
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useApiAction } from '../../ui/use-api-action';
import type { ApplicationRowView } from './application-row';

export function DeleteApplicationButton({ application }: { application: ApplicationRowView }) {
  const run = useApiAction();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger" aria-label={`Delete ${application.name}`}>
          Delete
        </Button>
      }
      title={`Delete ${application.name}?`}
      description="Its API key stops working at once. The tokens it created stay in the project."
      confirmLabel="Delete application"
      typeToConfirm={application.name}
      onConfirm={async () => {
        const result = await run('deleteApplication', { params: { id: application.id } }, { success: `Application ${application.name} deleted` });
        if (!result.ok) return result.message;
      }}
    />
  );
}
