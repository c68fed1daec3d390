// The header of dashboard pages outside a project (two-step enrolment): logo, theme switch, sign out.
import { Logo } from '../logo';
import { SignOutButton } from '../sign-out-button';
import { ThemeToggle } from './theme-toggle';

export function PlainHeader({ email }: { email: string }) {
  return (
    <header className="border-b border-line">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a href="/dashboard" aria-label="Vault dashboard home">
          <Logo />
        </a>
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <span className="hidden truncate text-muted sm:inline" data-testid="signed-in-user">
            {email}
          </span>
          <ThemeToggle />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
