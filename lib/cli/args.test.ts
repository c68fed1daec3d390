import { describe, expect, it } from 'vitest';
import { parseUserResetPasswordArgs, parseUserUnlockArgs } from './args';

describe('vault user … --email', () => {
  it.each([
    [['--email', 'owner@example.com'], 'owner@example.com'],
    [['--email', '  Owner@Example.com '], 'Owner@Example.com'],
  ])('%j is read', (argv, email) => {
    expect(parseUserUnlockArgs(argv).email).toBe(email);
    expect(parseUserResetPasswordArgs(argv).email).toBe(email);
  });

  it('missing: names the option', () => {
    expect(() => parseUserUnlockArgs([])).toThrow("--email is required: the user's email address");
    expect(() => parseUserResetPasswordArgs(['--reset-mfa'])).toThrow("--email is required: the user's email address");
  });

  // Refused before any database is opened, with a message that says what is wrong with the value given.
  it.each(['foo', '@', 'a@', '@b', 'a b@example.com', 'owner@example.com,other@example.com'])('%j is not an email address', (value) => {
    expect(() => parseUserUnlockArgs(['--email', value])).toThrow(`--email must be an email address (got "${value}")`);
    expect(() => parseUserResetPasswordArgs(['--email', value])).toThrow(`--email must be an email address (got "${value}")`);
  });

  it('unknown options and stray arguments are errors, not ignored', () => {
    expect(() => parseUserUnlockArgs(['--email', 'owner@example.com', '--emial', 'x'])).toThrow(/Unknown option '--emial'/);
    expect(() => parseUserResetPasswordArgs(['--email', 'owner@example.com', 'extra'])).toThrow(/Unexpected argument 'extra'/);
  });
});
