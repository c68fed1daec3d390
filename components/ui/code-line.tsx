// A value or command in monospace that can be selected whole, with a copy button beside it.
import { CopyButton } from './copy-button';

export function CodeLine({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <div className="flex min-w-0 items-start gap-2 rounded-md border border-line bg-raised p-2">
      <code data-testid={testId} className="min-w-0 flex-1 whitespace-pre-wrap break-all font-mono text-[13px] text-strong select-all">
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </div>
  );
}
