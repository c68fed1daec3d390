// A tiny argument reader on node:util parseArgs: strict, so a typo is an error, not a silent default.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { isUuid } from '../core/uuid';

export function parseAppCreateArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      production: { type: 'boolean', default: false },
      provisioning: { type: 'boolean', default: false },
      search: { type: 'boolean', default: false },
      // Spelled out: node:util's `allowNegative` needs Node 22.
      'no-detokenize': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const name = values.name?.trim() ?? '';
  if (name.length < 3 || name.length > 50) throw new Error('--name is required: 3 to 50 characters');
  return { name, production: values.production, provisioning: values.provisioning, detokenize: !values['no-detokenize'], search: values.search, json: values.json };
}

export function parseRotateMasterArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { 'new-key-file': { type: 'string' }, reencrypt: { type: 'boolean', default: false }, 'retire-old': { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (!values['new-key-file']) throw new Error('--new-key-file is required: a file holding the new master key (32 bytes, base64)');
  return { newKeyFile: values['new-key-file'], reencrypt: values.reencrypt, retireOld: values['retire-old'] };
}

export function parseRotateDataKeyArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { project: { type: 'string' }, reencrypt: { type: 'boolean', default: false }, fingerprints: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (!values.project) throw new Error('--project is required: the project id');
  return { projectId: values.project, reencrypt: values.reencrypt, fingerprints: values.fingerprints };
}

export function parseAuditVerifyArgs(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { full: { type: 'boolean', default: false }, anchor: { type: 'string' } }, strict: true, allowPositionals: false });
  return { full: values.full, anchor: values.anchor };
}

export function parseAuditAnchorArgs(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false } }, strict: true, allowPositionals: false });
  return { json: values.json };
}

export function parseUserResetPasswordArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false }, 'reset-mfa': { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  return { email: requiredEmail(values.email), passwordStdin: values['password-stdin'], resetMfa: values['reset-mfa'] };
}

export function parseUserUnlockArgs(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' } }, strict: true, allowPositionals: false });
  return { email: requiredEmail(values.email) };
}

const ZEmail = z.email().max(254);

/** Checked before anything opens the database: a typo is named here, not answered with "no user has the email". */
function requiredEmail(value: string | undefined): string {
  const email = value?.trim() ?? '';
  if (!email) throw new Error('--email is required: the user\'s email address');
  if (!ZEmail.safeParse(email).success) throw new Error(`--email must be an email address (got ${JSON.stringify(email)})`);
  return email;
}

/** A usage error: the command prints its usage line and exits 2 (`vault tokens purge`). */
export class UsageError extends Error {}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type ArgOptions = NonNullable<ParseArgsConfig['options']>;

/** parseArgs, strict and without positionals, its complaint (an unknown or malformed flag) as a UsageError. */
export function parseStrictArgs<O extends ArgOptions>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--project ID`: required, a project's UUID; lower-cased. */
export function projectIdArg(value: string | undefined): string {
  if (!value) throw new UsageError('--project is required: the project id');
  if (!isUuid(value)) throw new UsageError(`--project must be a project id (a UUID, got ${JSON.stringify(value)})`);
  return value.toLowerCase();
}

/** `--project ID --before YYYY-MM-DD [--dry-run]`: the date is a UTC day, its first instant the bound. */
export function parseTokensPurgeArgs(argv: string[]) {
  const values = parseStrictArgs(argv, { project: { type: 'string' }, before: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } });
  const projectId = projectIdArg(values.project);
  if (!values.before) throw new UsageError('--before is required: a UTC date, YYYY-MM-DD');
  const day = DATE_ONLY.exec(values.before);
  const before = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : null;
  if (!before || before.toISOString().slice(0, 10) !== values.before) {
    throw new UsageError(`--before must be a date as YYYY-MM-DD (got ${JSON.stringify(values.before)})`);
  }
  return { projectId, before, beforeDay: values.before, dryRun: values['dry-run'] };
}
