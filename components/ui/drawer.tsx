'use client';
// A side panel for a row's details (Radix dialog: focus trapped and returned, Escape closes).
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

export function Drawer({ open, onOpenChange, title, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode }) {
  // The drawer is opened by a row (no Radix Trigger), and Radix returns focus only to its Trigger: remember
  // what had focus when it opened (the row's View button) and give focus back to it on close.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!returnTo.current?.isConnected) return;
            event.preventDefault();
            returnTo.current.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col border-l border-line bg-surface text-sm shadow-2xl">
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-3">
            <RadixDialog.Title className="min-w-0 truncate text-base font-semibold text-strong">{title}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">Details</RadixDialog.Description>
            <RadixDialog.Close aria-label="Close details" className="rounded-md px-2 py-1 text-muted hover:bg-raised hover:text-strong">
              ✕
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Label/value rows inside a drawer. */
export function DetailList({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-all text-strong">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
