// A tiny argument reader on node:util parseArgs: strict, so a typo is an error, not a silent default.
import { parseArgs } from 'node:util';
import { z } from 'zod';

export function parseAppCreateArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      production: { type: 'boolean', default: false },
      provisioning: { type: 'boolean', default: false },
      // Spelled out: node:util's `allowNegative` needs Node 22.
      'no-detokenize': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const name = values.name?.trim() ?? '';
  if (name.length < 3 || name.length > 50) throw new Error('--name is required: 3 to 50 characters');
  return { name, production: values.production, provisioning: values.provisioning, detokenize: !values['no-detokenize'], json: values.json };
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
