// How the dashboard's next-auth sign-in tells the login form what happened. next-auth passes only an
// error string from `authorize` back to `signIn()`, so the next step (MFA, expired password) travels in it.
// The string reaches only the `signIn()` fetch's JSON answer (redirect: false), never the address bar.
// Shared by the server (auth-options) and the login form: no server imports here.

export type SignInStep =
  | { kind: 'mfa_required'; mfaToken: string }
  | { kind: 'password_expired'; resetToken: string }
  | { kind: 'rate_limited'; retryAfterSeconds: number | null }
  | { kind: 'invalid_credentials' }
  | { kind: 'invalid_code' }
  | { kind: 'unavailable' };

const SEPARATOR = ':';

export function encodeSignInStep(step: SignInStep): string {
  switch (step.kind) {
    case 'mfa_required':
      return `${step.kind}${SEPARATOR}${step.mfaToken}`;
    case 'password_expired':
      return `${step.kind}${SEPARATOR}${step.resetToken}`;
    case 'rate_limited':
      return `${step.kind}${SEPARATOR}${step.retryAfterSeconds ?? ''}`;
    default:
      return step.kind;
  }
}

/** The step behind a `signIn()` error string; anything unknown (next-auth's own errors) is `unavailable`. */
export function decodeSignInStep(error: string | null | undefined): SignInStep {
  const [kind = '', ...rest] = (error ?? '').split(SEPARATOR);
  const value = rest.join(SEPARATOR);
  switch (kind) {
    case 'mfa_required':
      return value ? { kind, mfaToken: value } : { kind: 'unavailable' };
    case 'password_expired':
      return value ? { kind, resetToken: value } : { kind: 'unavailable' };
    case 'rate_limited': {
      const seconds = Number.parseInt(value, 10);
      return { kind, retryAfterSeconds: Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null };
    }
    case 'invalid_credentials':
    case 'invalid_code':
      return { kind };
    // next-auth answers `CredentialsSignin` when authorize returns null: treat it as wrong credentials.
    case 'CredentialsSignin':
      return { kind: 'invalid_credentials' };
    default:
      return { kind: 'unavailable' };
  }
}

/** What the form shows for a refused attempt. */
export function signInStepMessage(step: SignInStep): string {
  switch (step.kind) {
    case 'invalid_credentials':
      return 'Invalid email or password';
    case 'invalid_code':
      return 'Invalid or expired code';
    case 'rate_limited':
      return step.retryAfterSeconds
        ? `Too many attempts. Try again in ${Math.ceil(step.retryAfterSeconds / 60)} minute${step.retryAfterSeconds > 60 ? 's' : ''}.`
        : 'Too many attempts. Try again later.';
    case 'unavailable':
      return 'Sign-in is unavailable right now. Try again in a moment.';
    default:
      return '';
  }
}
