'use client';
// Deletes a project with its applications and tokens (DELETE /api/projects/{id}) after its name is typed.
// The account's last test project cannot go: the button is disabled with the reason (the API refuses it
// anyway with its own message, shown in the dialog). Deleting the project in the URL leaves for /dashboard.
import { useRouter } from 'next/navigation';
import type { PresentedProject } from '@/lib/projects/present-project';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useApiAction } from '../../ui/use-api-action';

// The API's own sentence (lib/projects/delete-project.ts, a server module) for the disabled button.
export const LAST_TEST_PROJECT_REASON = 'The account must keep at least one test project';
/** The visible note under the table that the disabled button points to. */
export const LAST_TEST_PROJECT_NOTE_ID = 'last-test-project-note';

export function DeleteProjectButton({ project, lastTestProject, isCurrent }: { project: PresentedProject; lastTestProject: boolean; isCurrent: boolean }) {
  const router = useRouter();
  const run = useApiAction();
  if (lastTestProject) {
    return (
      <Button size="sm" variant="danger" disabled aria-label={`Delete ${project.name}`} aria-describedby={LAST_TEST_PROJECT_NOTE_ID} title={LAST_TEST_PROJECT_REASON}>
        Delete
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger" aria-label={`Delete ${project.name}`}>
          Delete
        </Button>
      }
      title={`Delete ${project.name}?`}
      description="Its applications, their API keys and every token it stores are deleted at once. This cannot be undone."
      confirmLabel="Delete project"
      typeToConfirm={project.name}
      onConfirm={async () => {
        const result = await run('deleteProject', { params: { id: project.id } }, { success: `Project ${project.name} deleted` });
        if (!result.ok) return result.message;
        // The page's own project is gone: /dashboard opens the account's first test project.
        if (isCurrent) router.push('/dashboard');
      }}
    />
  );
}
