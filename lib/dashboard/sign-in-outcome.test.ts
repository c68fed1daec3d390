import { describe, expect, it } from 'vitest';
import { decodeSignInStep, encodeSignInStep, signInStepMessage, type SignInStep } from './sign-in-outcome';

describe('sign-in outcome strings', () => {
  const steps: SignInStep[] = [
    { kind: 'mfa_required', mfaToken: 'eyJ.a:b.c' },
    { kind: 'password_expired', resetToken: 'eyJ.x.y' },
    { kind: 'rate_limited', retryAfterSeconds: 840 },
    { kind: 'rate_limited', retryAfterSeconds: null },
    { kind: 'invalid_credentials' },
    { kind: 'invalid_code' },
    { kind: 'unavailable' },
  ];

  it.each(steps)('round-trips %j', (step) => {
    expect(decodeSignInStep(encodeSignInStep(step))).toEqual(step);
  });

  it('reads next-auth’s own CredentialsSignin as wrong credentials, anything else as unavailable', () => {
    expect(decodeSignInStep('CredentialsSignin')).toEqual({ kind: 'invalid_credentials' });
    expect(decodeSignInStep('Configuration')).toEqual({ kind: 'unavailable' });
    expect(decodeSignInStep(undefined)).toEqual({ kind: 'unavailable' });
    expect(decodeSignInStep('mfa_required:')).toEqual({ kind: 'unavailable' });
  });

  it('words the refusals for the form', () => {
    expect(signInStepMessage({ kind: 'invalid_credentials' })).toBe('Invalid email or password');
    expect(signInStepMessage({ kind: 'rate_limited', retryAfterSeconds: 840 })).toBe('Too many attempts. Try again in 14 minutes.');
    expect(signInStepMessage({ kind: 'rate_limited', retryAfterSeconds: 30 })).toBe('Too many attempts. Try again in 1 minute.');
  });
});
