// The server-rendered HTML of every form that carries a secret (sign-in, MFA code, new password, MFA
// enrolment): what a browser can submit before React hydrates. Each form posts (a native submit never
// turns its fields into a GET query) and its submit button is disabled until hydrated. The browser run of
// the same rule is e2e/no-secrets-in-urls.spec.ts.
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../components/login-form';
import { MfaEnrolment } from '../../components/mfa-enrolment';
import { MfaVerifyForm } from '../../components/mfa-verify-form';
import { NewPasswordForm } from '../../components/new-password-form';

const forms: [string, () => ReactElement][] = [
  ['the sign-in form', () => createElement(LoginForm, { callbackUrl: '/dashboard' })],
  ['the MFA code form', () => createElement(MfaVerifyForm, { mfaToken: 'step-token' })],
  ['the new password form', () => createElement(NewPasswordForm, { token: 'reset-token', invitation: false })],
];

describe('forms that carry a secret, as served before hydration', () => {
  it.each(forms)('%s posts, and its submit button is disabled', (_name, element) => {
    const html = renderToString(element());
    const formTags = html.match(/<form\b[^>]*>/g) ?? [];
    expect(formTags.length).toBeGreaterThan(0);
    for (const tag of formTags) expect(tag).toMatch(/\smethod="post"/);
    const submits = html.match(/<button\b[^>]*type="submit"[^>]*>/g) ?? [];
    expect(submits.length).toBeGreaterThan(0);
    for (const tag of submits) expect(tag).toMatch(/\sdisabled=""/);
  });

  it('no form action or link carries a field value', () => {
    for (const [, element] of forms) expect(renderToString(element())).not.toMatch(/action="[^"]*\?/);
  });

  it('MFA enrolment: nothing can start before hydration', () => {
    const html = renderToString(createElement(MfaEnrolment, { alreadyEnabled: false, email: 'member@example.com' }));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Set up two-step verification<\/button>/);
  });
});
