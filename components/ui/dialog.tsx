'use client';
// Modal dialog (Radix): traps focus, closes on Escape, returns focus to the control that opened it.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from './cn';

export const DialogRoot = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type ContentProps = { title: string; description?: ReactNode; children: ReactNode; wide?: boolean; onEscapeKeyDown?: (event: KeyboardEvent) => void; onInteractOutside?: (event: Event) => void };

export function DialogContent({ title, description, children, wide, onEscapeKeyDown, onInteractOutside }: ContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
      <RadixDialog.Content
        onEscapeKeyDown={onEscapeKeyDown}
        onInteractOutside={onInteractOutside}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-5 text-sm shadow-2xl',
          wide ? 'max-w-2xl' : 'max-w-md',
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <RadixDialog.Title className="text-base font-semibold text-strong">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="text-muted">{description}</RadixDialog.Description> : <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>}
          </div>
          <RadixDialog.Close aria-label="Close" className="rounded-md px-2 py-1 text-muted hover:bg-raised hover:text-strong">
            ✕
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A dialog opened by its trigger (or controlled through open/onOpenChange). */
export function Dialog({ trigger, open, onOpenChange, ...content }: ContentProps & { trigger?: ReactNode; open?: boolean; onOpenChange?: (open: boolean) => void }) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent {...content} />
    </DialogRoot>
  );
}
