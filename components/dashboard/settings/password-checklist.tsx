// The password policy as the member types: each rule the browser can check (the same rules the server
// applies, lib/auth/password-rules.ts) met or not, and the one only the server knows (not one of your last
// passwords) said plainly. The server's refusal still lands on the field if it has the last word.
import { LOCAL_PASSWORD_RULES, PASSWORD_HISTORY_SIZE } from '@/lib/auth/password-rules';
import { cn } from '../../ui/cn';

export function PasswordChecklist({ id, password, email }: { id: string; password: string; email: string }) {
  return (
    <ul id={id} aria-label="Password rules" className="space-y-1 text-xs" data-testid="password-checklist">
      {LOCAL_PASSWORD_RULES.map((rule) => {
        const met = password.length > 0 && !rule.broken(password, email);
        return (
          <li key={rule.code} data-rule={rule.code} data-met={met} className={cn('flex items-center gap-2', met ? 'text-ok' : password ? 'text-danger' : 'text-muted')}>
            <span aria-hidden="true" className="w-3 text-center">
              {met ? '✓' : password ? '✗' : '•'}
            </span>
            <span>
              {rule.label}
              <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        );
      })}
      <li className="flex items-center gap-2 text-muted">
        <span aria-hidden="true" className="w-3 text-center">
          •
        </span>
        <span>Not one of your last {PASSWORD_HISTORY_SIZE} passwords (checked when you save)</span>
      </li>
    </ul>
  );
}
