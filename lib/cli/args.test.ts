import { describe, expect, it } from 'vitest';
import { UsageError, parseAppCreateArgs, parseTokensPurgeArgs, parseUserResetPasswordArgs, parseUserUnlockArgs } from './args';

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

describe('vault tokens purge', () => {
  const project = '0B6A9F8E-8D1F-4E55-9A55-2F5A0C2A8C11';

  it('reads the project (lower-cased), the UTC day and --dry-run', () => {
    expect(parseTokensPurgeArgs(['--project', project, '--before', '2025-03-01', '--dry-run'])).toEqual({
      projectId: project.toLowerCase(),
      before: new Date('2025-03-01T00:00:00.000Z'),
      beforeDay: '2025-03-01',
      dryRun: true,
    });
  });

  it.each([
    [[], '--project is required: the project id'],
    [['--project', 'abc', '--before', '2025-03-01'], '--project must be a project id (a UUID, got "abc")'],
    [['--project', project], '--before is required: a UTC date, YYYY-MM-DD'],
    [['--project', project, '--before', '2025-02-29'], '--before must be a date as YYYY-MM-DD (got "2025-02-29")'],
    [['--project', project, '--before', '2025-03-01T00:00:00Z'], '--before must be a date as YYYY-MM-DD (got "2025-03-01T00:00:00Z")'],
    [['--project', project, '--before', '2025-03-01', 'extra'], "Unexpected argument 'extra'. This command does not take positional arguments"],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parseTokensPurgeArgs(argv)).toThrow(UsageError);
    expect(() => parseTokensPurgeArgs(argv)).toThrow(message);
  });
});

describe('vault app create', () => {
  it('grants search only with --search, and reveal unless --no-detokenize', () => {
    expect(parseAppCreateArgs(['--name', 'Backend'])).toEqual({ name: 'Backend', production: false, provisioning: false, detokenize: true, search: false, json: false });
    expect(parseAppCreateArgs(['--name', 'Reporting', '--search', '--no-detokenize'])).toMatchObject({ detokenize: false, search: true });
  });

  it('refuses an unknown flag', () => {
    expect(() => parseAppCreateArgs(['--name', 'Backend', '--serch'])).toThrow();
  });
});
