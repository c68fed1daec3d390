'use client';
// A secret shown once (API key, service key, pub key, webhook signing secret): copy, download as .env, and a
// plain warning that it cannot be shown again. Closing needs an explicit click, so a stray Escape does not
// lose the key. `description` says how it is kept (hashed by default; a signing secret is encrypted).
import type { ReactNode } from 'react';
import { Button } from './button';
import { CodeLine } from './code-line';
import { Dialog } from './dialog';
import { downloadText } from './download';

export type OnceSecret = { label: string; envName: string; value: string };

const STORED_AS_HASH = 'Copy it now: it is stored only as a hash and will not be shown again.';

type Props = { open: boolean; onClose: () => void; title: string; secrets: OnceSecret[]; children?: ReactNode; envFileName?: string; description?: string };

export function SecretOnceDialog({ open, onClose, title, secrets, children, envFileName = 'vault.env', description = STORED_AS_HASH }: Props) {
  const envFile = `${secrets.map((secret) => `${secret.envName}=${secret.value}`).join('\n')}\n`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      onEscapeKeyDown={(event) => event.preventDefault()}
      onInteractOutside={(event) => event.preventDefault()}
      title={title}
      description={description}
      wide
    >
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-warn/40 bg-warn/5 px-3 py-2 text-warn">
          This is the only time the {secrets.map((secret) => secret.label).join(' and ')} {secrets.length > 1 ? 'are' : 'is'} shown. Store {secrets.length > 1 ? 'them' : 'it'} in your secret manager.
        </p>
        {secrets.map((secret) => (
          <div key={secret.envName} className="space-y-1">
            <p className="text-xs font-medium text-muted">{secret.label}</p>
            <CodeLine value={secret.value} label={secret.label} testId={`secret-${secret.envName}`} />
          </div>
        ))}
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            onClick={() => downloadText(envFileName, envFile)}
          >
            Download as .env
          </Button>
          <Button variant="primary" onClick={onClose}>
            I have stored it
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
