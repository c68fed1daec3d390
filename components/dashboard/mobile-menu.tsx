'use client';
// Below the lg breakpoint the sidebar is a drawer behind a "Menu" button (focus trapped, Escape closes).
import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { SidebarNav } from './sidebar-nav';

export function MobileMenu({ base, children }: { base: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className="rounded-md border border-line px-2.5 py-1.5 text-sm text-fg hover:bg-raised lg:hidden">Menu</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] space-y-4 overflow-y-auto border-r border-line bg-bg p-4">
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-sm font-semibold text-strong">Menu</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">Projects and sections</RadixDialog.Description>
            <RadixDialog.Close aria-label="Close menu" className="rounded-md px-2 py-1 text-muted hover:bg-raised">
              ✕
            </RadixDialog.Close>
          </div>
          {children}
          <SidebarNav base={base} onNavigate={() => setOpen(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
