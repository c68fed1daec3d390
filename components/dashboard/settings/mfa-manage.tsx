'use client';
// Two-step verification while it is on: new backup codes (POST /user/settings/mfa/backup-codes {code}: the
// old ones stop working, the new ones are shown once) and turning it off (POST /user/settings/mfa
// {enable:false, code}). Both need a current code from the authenticator app.
import { useRouter } from 'next/navigation';
import { api } from '../../ui/api-client';
import { BackupCodes } from '../../ui/backup-codes';
import { toast } from '../../ui/toast';
import { MfaCodeDialog } from './mfa-code-dialog';

export function MfaManage({ email, backupCodesRemaining }: { email: string; backupCodesRemaining: number }) {
  const router = useRouter();
  return (
    <div className="space-y-4 px-5 py-4">
      <p className="text-sm text-fg">
        <span className="font-medium text-ok">On.</span> You are asked for a code from your authenticator app at every sign-in.{' '}
        <span data-testid="backup-codes-remaining">
          {backupCodesRemaining} unused backup code{backupCodesRemaining === 1 ? '' : 's'} left.
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <MfaCodeDialog
          triggerLabel="Regenerate backup codes"
          title="Regenerate backup codes"
          description="Your current backup codes stop working and ten new ones are shown once."
          submitLabel="Regenerate"
          onCode={async (code) => {
            const result = await api.call('regenerateMfaBackupCodes', { body: { code } });
            if (!result.ok) return { error: result.message };
            toast.success('New backup codes issued');
            return { shown: <BackupCodes codes={result.data.backup_codes ?? []} email={email} /> };
          }}
          onDone={() => router.refresh()}
        />
        <MfaCodeDialog
          triggerLabel="Turn off"
          variant="danger"
          title="Turn off two-step verification"
          description="Signing in will need only your password, and your backup codes stop working."
          submitLabel="Turn off two-step verification"
          onCode={async (code) => {
            const result = await api.call('updateMfaSettings', { body: { enable: false, code } });
            if (!result.ok) return { error: result.message };
            toast.success('Two-step verification is off');
            router.refresh();
            return { closed: true };
          }}
        />
      </div>
    </div>
  );
}
