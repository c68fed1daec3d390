'use client';
// A member's row actions: a pending invitation can be sent again (POST /api/members/{id}/resend-invitation)
// or revoked; an active member removed. Revoking and removing are the same call (DELETE /api/members/{id}:
// the invitation link is refused once the member is gone), both confirmed. A rule that holds the action
// disables the button and names itself (`reasonId` points at the visible text).
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useApiAction } from '../../ui/use-api-action';
import type { TeamMember } from './types';

export function MemberRowActions({ member, reasonId }: { member: TeamMember; reasonId: string }) {
  const run = useApiAction();
  const [resending, setResending] = useState(false);
  const reason = member.actions.removeReason;
  const invited = member.status === 'invited';
  const removeLabel = invited ? 'Revoke' : 'Remove';
  const blocked = { disabled: !!reason, title: reason ?? undefined, 'aria-describedby': reason ? reasonId : undefined };
  const removeButton = (
    <Button size="sm" variant="danger" aria-label={`${removeLabel} ${member.email}`} {...blocked}>
      {removeLabel}
    </Button>
  );
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {invited && (
        <Button
          size="sm"
          aria-label={`Resend invitation to ${member.email}`}
          busy={resending}
          {...blocked}
          onClick={async () => {
            setResending(true);
            await run('resendMemberInvitation', { params: { id: member.id } }, { success: `Invitation sent again to ${member.email}` });
            setResending(false);
          }}
        >
          Resend
        </Button>
      )}
      {reason ? (
        removeButton
      ) : (
        <ConfirmDialog
          trigger={removeButton}
          title={invited ? `Revoke the invitation of ${member.email}?` : `Remove ${member.email}?`}
          description={
            invited
              ? 'Their invitation link stops working. You can invite them again later.'
              : member.self
                ? 'You will lose access to this account at once.'
                : 'They lose access at once: their sessions end. You can invite them again later.'
          }
          confirmLabel={invited ? 'Revoke invitation' : 'Remove member'}
          onConfirm={async () => {
            const result = await run('removeMember', { params: { id: member.id } }, { success: invited ? `Invitation of ${member.email} revoked` : `${member.email} removed` });
            return result.ok ? undefined : result.message;
          }}
        />
      )}
    </div>
  );
}
