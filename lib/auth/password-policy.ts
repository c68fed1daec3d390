// The rules a new password must meet (PCI DSS 8.3.6 and 8.3.7, OWASP ASVS V6): checked on registration,
// change and reset. Cheap rules first; the history check (argon2 per hash) only when everything else passes.
// Messages name the broken rule and never echo the password.
import { verifyPassword } from './passwords';

export type PasswordProblemCode = 'too_short' | 'needs_letters_and_digits' | 'too_common' | 'contains_email' | 'reused';

export type PasswordProblem = { code: PasswordProblemCode; message: string };

export const MIN_PASSWORD_LENGTH = 12;
/** How many previous hashes the caller should pass as `recentHashes` (the current one included). */
export const PASSWORD_HISTORY_SIZE = 4;
/** Shorter local parts ("jo", "bob") would refuse too many unrelated passwords. */
const MIN_EMAIL_PART_LENGTH = 4;

/**
 * Well-known weak passwords and the roots people decorate (lower case). A candidate is compared whole and
 * with its trailing run of non-letters removed, so "Password2024!", "qwerty123456" and "iloveyou!!!!" are
 * refused by the roots "password", "qwerty" and "iloveyou". Leading decorations and leetspeak are not
 * undone beyond the common spellings listed here; this is a guard against the obvious, not a cracker.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'passw0rd', 'p@ssword', 'p@ssw0rd', 'pass', 'passwd', 'passpass', 'passwordpassword', 'mypassword',
  'newpassword', 'qwerty', 'qwertyuiop', 'qwertyui', 'qwertyqwerty', 'asdf', 'asdfgh', 'asdfghjkl', 'zxcvbnm',
  'qazwsx', 'qwaszx', '1qaz2wsx', '1qaz2wsx3edc', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4t5y6',
  'abc', 'abcd', 'abcdef', 'abcdefg', 'abcdefgh', 'abcdefghijkl', 'letmein', 'welcome', 'admin',
  'administrator', 'root', 'login', 'changeme', 'default', 'secret', 'master', 'iloveyou', 'trustno1',
  'monkey', 'dragon', 'football', 'baseball', 'basketball', 'soccer', 'hockey', 'superman', 'batman',
  'spiderman', 'starwars', 'pokemon', 'princess', 'sunshine', 'shadow', 'michael', 'jennifer', 'jordan',
  'charlie', 'daniel', 'thomas', 'hunter', 'ranger', 'buster', 'tigger', 'pepper', 'ginger', 'summer',
  'winter', 'freedom', 'whatever', 'computer', 'internet', 'hello', 'helloworld', 'access', 'flower',
  'cookie', 'chocolate', 'cheese', 'banana', 'orange', 'killer', 'mustang', 'harley', 'ferrari', 'matrix',
  'ninja', 'samsung', 'google', 'facebook', 'linkedin', 'microsoft', 'loveme', 'lovely', 'test', 'testing',
  'guest', 'user', 'demo', 'temp', 'vault', 'cardvault', 'creditcard',
]);

export async function checkNewPassword(options: {
  password: string;
  email?: string;
  /** Argon2 hashes of the user's last PASSWORD_HISTORY_SIZE passwords; malformed ones are ignored. */
  recentHashes?: string[];
}): Promise<PasswordProblem | null> {
  const { password, email, recentHashes = [] } = options;
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return problem('too_short', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    return problem('needs_letters_and_digits', 'Password must contain at least one letter and one digit');
  }
  if (isCommonPassword(password)) {
    return problem('too_common', 'Password is too common; choose one that is harder to guess');
  }
  if (email !== undefined && containsEmailName(password, email)) {
    return problem('contains_email', 'Password must not contain your email address or its name part');
  }
  if (await matchesAny(password, recentHashes)) {
    return problem('reused', `Password must not be one of your last ${PASSWORD_HISTORY_SIZE} passwords`);
  }
  return null;
}

function problem(code: PasswordProblemCode, message: string): PasswordProblem {
  return { code, message };
}

/** NFKC so full-width and other look-alike forms compare as the letters they display. */
function normalise(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

function isCommonPassword(password: string): boolean {
  const whole = normalise(password);
  const root = whole.replace(/[^\p{L}]+$/u, '');
  return COMMON_PASSWORDS.has(whole) || COMMON_PASSWORDS.has(root);
}

/** The local part ("jane.doe+vault"), and without its "+tag" ("jane.doe"), when long enough to matter. */
function containsEmailName(password: string, email: string): boolean {
  const address = normalise(email.trim());
  const at = address.lastIndexOf('@');
  const localPart = at === -1 ? address : address.slice(0, at);
  const untagged = localPart.split('+')[0] ?? localPart;
  const lowered = normalise(password);
  return [localPart, untagged].some((part) => [...part].length >= MIN_EMAIL_PART_LENGTH && lowered.includes(part));
}

async function matchesAny(password: string, hashes: string[]): Promise<boolean> {
  const results = await Promise.all(hashes.map((passwordHash) => verifyPassword(passwordHash, password)));
  return results.includes(true);
}
