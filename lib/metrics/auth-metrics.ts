// Failed sign-in steps and the lockouts they cause (PCI DSS 8.3.4): a rising rate is a credential attack.
// `reason` is one of a closed set; never the email or the user.
import { Counter } from 'prom-client';
import { labelledCounter } from './labelled-counter';
import { processWide } from './registry';

export type LoginFailureReason = 'unknown_email' | 'wrong_password' | 'locked' | 'wrong_code';
const REASONS: readonly LoginFailureReason[] = ['unknown_email', 'wrong_password', 'locked', 'wrong_code'];

const failures = labelledCounter({
  id: 'login-failures',
  name: 'vault_login_failures_total',
  help: 'Failed sign-in steps by reason: unknown_email, wrong_password, locked (the account was locked), wrong_code (TOTP or backup code).',
  label: 'reason',
  values: REASONS,
});

const lockouts = processWide(
  'lockouts',
  (registry) => new Counter({ name: 'vault_account_lockouts_total', help: 'Accounts locked after too many failed sign-in steps.', registers: [registry] }),
);

export function recordLoginFailure(reason: LoginFailureReason): void {
  failures(reason);
}

export function recordLockout(): void {
  lockouts.inc();
}
