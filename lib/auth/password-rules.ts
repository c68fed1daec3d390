// The rules of the password policy that need nothing but the password (and the email): shared by the
// server's check (password-policy.ts, which adds the history check) and the dashboard's live checklist,
// so the browser shows exactly the rules the server applies. No Node imports: this file runs in the browser.

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

/** Length in code points, not UTF-16 units (an emoji counts once). */
export function isLongEnough(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH;
}

export function hasLettersAndDigits(password: string): boolean {
  return /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

/** NFKC so full-width and other look-alike forms compare as the letters they display. */
function normalise(value: string): string {
  return value.normalize('NFKC').toLowerCase();
}

export function isCommonPassword(password: string): boolean {
  const whole = normalise(password);
  const root = whole.replace(/[^\p{L}]+$/u, '');
  return COMMON_PASSWORDS.has(whole) || COMMON_PASSWORDS.has(root);
}

/** The local part ("jane.doe+vault"), and without its "+tag" ("jane.doe"), when long enough to matter. */
export function containsEmailName(password: string, email: string): boolean {
  const address = normalise(email.trim());
  const at = address.lastIndexOf('@');
  const localPart = at === -1 ? address : address.slice(0, at);
  const untagged = localPart.split('+')[0] ?? localPart;
  const lowered = normalise(password);
  return [localPart, untagged].some((part) => [...part].length >= MIN_EMAIL_PART_LENGTH && lowered.includes(part));
}

export type LocalPasswordRuleCode = 'too_short' | 'needs_letters_and_digits' | 'too_common' | 'contains_email';

/**
 * The rules in the order the server checks them: `label` is what a checklist shows, `message` the server's
 * refusal when the rule is broken. The server adds one more (not one of the last passwords) that only it can
 * check.
 */
export const LOCAL_PASSWORD_RULES: ReadonlyArray<{ code: LocalPasswordRuleCode; label: string; message: string; broken: (password: string, email?: string) => boolean }> = [
  { code: 'too_short', label: `At least ${MIN_PASSWORD_LENGTH} characters`, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, broken: (password) => !isLongEnough(password) },
  { code: 'needs_letters_and_digits', label: 'Letters and digits', message: 'Password must contain at least one letter and one digit', broken: (password) => !hasLettersAndDigits(password) },
  { code: 'too_common', label: 'Not a common password', message: 'Password is too common; choose one that is harder to guess', broken: (password) => isCommonPassword(password) },
  {
    code: 'contains_email',
    label: 'Does not contain your email name',
    message: 'Password must not contain your email address or its name part',
    broken: (password, email) => email !== undefined && containsEmailName(password, email),
  },
];
