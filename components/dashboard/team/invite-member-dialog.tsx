'use client';
// "Invite member": email, role and an optional name, validated by the API's own schema and posted to
// POST /api/members; the invitee gets a mail with a link to choose a password and shows as pending.
import { useRouter } from 'next/navigation';
import { ZInviteMemberRequestSchema } from '@/lib/members/schemas';
import type { MemberRole } from '@/lib/members/present-member';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { useApiForm } from '../../ui/use-api-form';
import { useFormDialog } from '../../ui/use-form-dialog';

export function InviteMemberDialog({ roles }: { roles: MemberRole[] }) {
  const router = useRouter();
  const dialog = useFormDialog(() => form.reset());
  const form = useApiForm({
    schema: ZInviteMemberRequestSchema,
    defaultValues: { email: '', role: 'developer', name: undefined },
    call: (values) => api.call('inviteMember', { body: values }),
    onSuccess: (_result, values) => {
      dialog.close();
      router.refresh();
      toast.success(`Invitation sent to ${values.email}`);
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={<Button variant="primary">Invite member</Button>}
      title="Invite a member"
      description="They get an email with a link to choose a password (valid 7 days)."
    >
      <form method="post" noValidate className="space-y-4" onSubmit={form.submit}>
        <FormField id="invite-email" label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="off" className={inputClass} {...form.register('email')} />
        </FormField>
        <FormField id="invite-role" label="Role" error={errors.role?.message} hint="Owners and admins manage the account; developers use test tokens; viewers read.">
          <select className={inputClass} {...form.register('role')}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="invite-name" label="Name (optional)" error={errors.name?.message}>
          <input type="text" autoComplete="off" className={inputClass} {...form.register('name', { setValueAs: (value: string) => (value?.trim() ? value : undefined) })} />
        </FormField>
        <FormError message={errors.root?.server?.message} />
        <FormActions onCancel={dialog.close} submitLabel="Send invitation" busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
