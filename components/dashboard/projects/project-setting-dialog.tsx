'use client';
// A project setting edited in a dialog and saved through PUT /api/projects/{id} (the destination allow-list,
// the token settings): the trigger, the form with its Save and Cancel, and the API's field messages with a
// list entry's read as its line (`allowed_proxy_hosts.2` → "Line 3").
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';

/** The API's messages for the field `name` (and its entries), as one line; undefined when it has none. */
export function fieldMessage(fields: Array<{ path: string; message: string }>, name: string): string | undefined {
  const messages = fields
    .filter((field) => field.path === name || field.path.startsWith(`${name}.`))
    .map((field) => {
      const index = new RegExp(`^${name}\\.(\\d+)$`).exec(field.path)?.[1];
      return index === undefined ? field.message : `Line ${Number(index) + 1}: ${field.message}`;
    });
  return messages.length ? messages.join(' · ') : undefined;
}

type Props = {
  /** The trigger's text, and its accessible name (which project it is for). */
  label: string;
  ariaLabel: string;
  title: string;
  description: string;
  /** Resets the form to the project's current values each time the dialog opens. */
  onOpen: () => void;
  /** Saves; true closes the dialog (false: the form shows why not). */
  save: () => Promise<boolean>;
  children: ReactNode;
};

export function ProjectSettingDialog({ label, ariaLabel, title, description, onOpen, save, children }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const saved = await save();
    setBusy(false);
    if (saved) setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen();
      }}
      trigger={
        <Button size="sm" aria-label={ariaLabel}>
          {label}
        </Button>
      }
      title={title}
      description={description}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {children}
        <FormActions onCancel={() => setOpen(false)} submitLabel="Save" busy={busy} />
      </form>
    </Dialog>
  );
}
