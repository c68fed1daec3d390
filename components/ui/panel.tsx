// Page structure: a page header (title, description, actions) and titled panels (regions named by title).
import type { ReactNode } from 'react';
import { cn } from './cn';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 space-y-1">
        {/* wrap-anywhere: a title may be a URL (a webhook endpoint), which must not widen the page at 360 px. */}
        <h1 className="text-2xl font-semibold tracking-tight text-strong wrap-anywhere">{title}</h1>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Panel({ title, count, actions, children, className }: { title: string; count?: number; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cn('overflow-hidden rounded-xl border border-line bg-surface', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-5 py-3">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-strong">
          {title}
          {count !== undefined && <span className="rounded-full bg-raised px-2 text-xs font-medium text-muted">{count}</span>}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Why a member sees a page read-only ("Admins can create applications"): the server refuses them anyway. */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <p role="note" data-testid="read-only-notice" className="rounded-lg border border-line bg-raised px-4 py-2.5 text-sm text-muted">
      <span className="font-medium text-strong">Read-only.</span> {children}
    </p>
  );
}
