'use client';
// Two-step verification backup codes, shown once (after enrolment, after regenerating): the list, copy,
// download as a text file, and the warning that they will not be shown again.
import { Button } from './button';
import { CopyButton } from './copy-button';
import { downloadText } from './download';

export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const text = `Vault backup codes for ${email}\nEach code works once. Keep them somewhere safe.\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-3">
      <p role="alert" className="rounded-md border border-warn/40 bg-warn/5 px-3 py-2 text-sm text-warn">
        Save these backup codes now: each signs you in once if you lose your device, and they are not shown again.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-line bg-raised p-3 font-mono text-sm text-strong sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="backup codes" size="md" />
        <Button onClick={() => downloadText('vault-backup-codes.txt', text)}>Download</Button>
      </div>
    </div>
  );
}
