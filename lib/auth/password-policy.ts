// The rules a new password must meet (PCI DSS 8.3.6 and 8.3.7, OWASP ASVS V6): checked on registration,
// change and reset. Cheap rules first (password-rules.ts, shared with the dashboard's checklist); the history check (argon2 per hash) only when everything else passes.
// Messages name the broken rule and never echo the password.
import { verifyPassword } from './passwords';
import { LOCAL_PASSWORD_RULES, PASSWORD_HISTORY_SIZE, type LocalPasswordRuleCode } from './password-rules';

export { COMMON_PASSWORDS, MIN_PASSWORD_LENGTH, PASSWORD_HISTORY_SIZE } from './password-rules';

export type PasswordProblemCode = LocalPasswordRuleCode | 'reused';

export type PasswordProblem = { code: PasswordProblemCode; message: string };

export async function checkNewPassword(options: {
  password: string;
  email?: string;
  /** Argon2 hashes of the user's last PASSWORD_HISTORY_SIZE passwords; malformed ones are ignored. */
  recentHashes?: string[];
}): Promise<PasswordProblem | null> {
  const { password, email, recentHashes = [] } = options;
  for (const rule of LOCAL_PASSWORD_RULES) {
    if (rule.broken(password, email)) return problem(rule.code, rule.message);
  }
  if (await matchesAny(password, recentHashes)) {
    return problem('reused', `Password must not be one of your last ${PASSWORD_HISTORY_SIZE} passwords`);
  }
  return null;
}

function problem(code: PasswordProblemCode, message: string): PasswordProblem {
  return { code, message };
}

async function matchesAny(password: string, hashes: string[]): Promise<boolean> {
  const results = await Promise.all(hashes.map((passwordHash) => verifyPassword(passwordHash, password)));
  return results.includes(true);
}
