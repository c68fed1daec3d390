'use client';
// A side panel for a row's details (Radix dialog: focus trapped and returned, Escape closes).
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export function Drawer({ open, onOpenChange, title, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col border-l border-line bg-surface text-sm shadow-2xl">
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
