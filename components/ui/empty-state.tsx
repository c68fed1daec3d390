// What a list shows when it is empty: what the thing is, and the next step as a command ready to copy.
import type { ReactNode } from 'react';
import { CodeLine } from './code-line';

export function EmptyState({ title, children, command, commandLabel = 'command', action }: { title: string; children?: ReactNode; command?: string; commandLabel?: string; action?: ReactNode }) {
  return (
    <div className="space-y-3 px-5 py-8 text-sm" data-testid="empty-state">
      <p className="font-medium text-strong">{title}</p>
      {children && <div className="text-muted">{children}</div>}
      {command && <CodeLine value={command} label={commandLabel} />}
      {action}
    </div>
  );
}
