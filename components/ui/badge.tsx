// Small status labels (environment, role, outcome). Tone carries meaning; the text always says it too.
import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'ok' | 'warn' | 'danger' | 'prod' | 'accent';

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-line text-muted',
  ok: 'border-ok/40 text-ok',
  warn: 'border-warn/40 text-warn',
  danger: 'border-danger/40 text-danger',
  prod: 'border-prod/60 bg-prod/10 text-prod',
  accent: 'border-accent/40 text-accent',
};

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cn('inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', TONES[tone], className)}>{children}</span>;
}

export function EnvironmentBadge({ production }: { production: boolean }) {
  return <Badge tone={production ? 'prod' : 'ok'}>{production ? 'Production' : 'Test'}</Badge>;
}
