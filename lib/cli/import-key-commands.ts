// `vault import key create|list|revoke` (issue 26): the operator's import keys, the OpenPGP key pairs a
// sender encrypts a card file to. `create` prints the armored public key and its fingerprint (the private
// key is wrapped by the master key at once and never leaves the vault); `revoke` makes a key open nothing
// more. Create and revoke are audited as `import_key.create_by_operator` / `import_key.revoke_by_operator`.
import { parseArgs } from 'node:util';
import { recordOperatorAudit } from '../auth/operator-audit';
import type { Config } from '../config';
import { isUuid } from '../core/uuid';
import { normaliseFingerprint } from '../crypto/openpgp-keys';
import { createImportKey, findImportKey, listImportKeys, revokeImportKey, type ImportKeyView } from '../imports/import-keys';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime/types';
import { UsageError } from './args';
import { withCommandRuntime } from './with-runtime';

export const IMPORT_KEY_USAGE = `vault import key create --project ID [--rsa] [--json]
       vault import key list [--project ID] [--json]
       vault import key revoke FINGERPRINT`;

function parse(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>, positionals = false) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: positionals });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function projectOf(value: unknown, required: boolean): string | undefined {
  if (value === undefined) {
    if (required) throw new UsageError('--project is required: the project id');
    return undefined;
  }
  if (typeof value !== 'string' || !isUuid(value)) throw new UsageError(`--project must be a project id (a UUID, got ${JSON.stringify(value)})`);
  return value.toLowerCase();
}

async function accountOf(runtime: Runtime, projectId: string): Promise<string | null> {
  const [row] = await runtime.db.sql.query<{ account_id: string }>('SELECT account_id FROM projects WHERE id = $1::uuid', [projectId]);
  return row?.account_id ?? null;
}

const line = (key: ImportKeyView) => `${key.fingerprint}  ${key.project_id}  ${key.algorithm.padEnd(10)}  ${key.created_at}  ${key.revoked_at ? `revoked ${key.revoked_at}` : 'active'}`;

async function create(argv: string[], config: Config, logger: Logger): Promise<number> {
  const { values } = parse(argv, { project: { type: 'string' }, rsa: { type: 'boolean' }, json: { type: 'boolean' } });
  const projectId = projectOf(values.project, true)!;
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const accountId = await accountOf(runtime, projectId);
    if (!accountId) {
      process.stderr.write(`vault: no project ${projectId}\n`);
      return 1;
    }
    const key = await createImportKey(runtime, { projectId, algorithm: values.rsa ? 'rsa4096' : 'curve25519' });
    await recordOperatorAudit(runtime, 'import_key.create_by_operator', { accountId, projectId, resource: `import_key:${key.fingerprint}` });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(key)}\n`);
    } else {
      process.stdout.write(
        [
          `Import key created for project ${projectId} (${key.algorithm === 'rsa4096' ? 'RSA-4096' : 'Curve25519'}).`,
          `Fingerprint: ${key.fingerprint}`,
          'Send the sender this public key; they encrypt the card file to it (gpg --recipient-file key.asc --encrypt):',
          '',
          key.public_key.trimEnd(),
          '',
        ].join('\n'),
      );
    }
    return 0;
  });
}

async function list(argv: string[], config: Config, logger: Logger): Promise<number> {
  const { values } = parse(argv, { project: { type: 'string' }, json: { type: 'boolean' } });
  const projectId = projectOf(values.project, false);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const keys = await listImportKeys(runtime, { projectId });
    if (values.json) process.stdout.write(`${JSON.stringify(keys)}\n`);
    else process.stdout.write(keys.length ? `${keys.map(line).join('\n')}\n` : 'No import keys.\n');
    return 0;
  });
}

async function revoke(argv: string[], config: Config, logger: Logger): Promise<number> {
  const { positionals } = parse(argv, {}, true);
  if (positionals.length !== 1) throw new UsageError('give one FINGERPRINT (as `vault import key list` prints it)');
  const fingerprint = normaliseFingerprint(positionals[0]!);
  if (!/^[0-9a-f]{40,64}$/.test(fingerprint)) throw new UsageError(`FINGERPRINT must be hexadecimal (got ${JSON.stringify(positionals[0])})`);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const found = await findImportKey(runtime, fingerprint);
    if (!found) {
      process.stderr.write(`vault: no import key ${fingerprint}\n`);
      return 1;
    }
    const key = (await revokeImportKey(runtime, fingerprint))!;
    const accountId = await accountOf(runtime, key.project_id);
    if (accountId) await recordOperatorAudit(runtime, 'import_key.revoke_by_operator', { accountId, projectId: key.project_id, resource: `import_key:${key.fingerprint}` });
    process.stdout.write(`Import key ${key.fingerprint} revoked (${key.revoked_at}): files encrypted to it can no longer be imported.\n`);
    return 0;
  });
}

/** `vault import key <create|list|revoke> …`: exit 2 with the usage on bad arguments. */
export async function runImportKey(argv: string[], config: Config, logger: Logger): Promise<number> {
  const [action, ...rest] = argv;
  try {
    if (action === 'create') return await create(rest, config, logger);
    if (action === 'list') return await list(rest, config, logger);
    if (action === 'revoke') return await revoke(rest, config, logger);
    throw new UsageError(action ? `unknown import key command: ${action}` : 'import key needs create, list or revoke');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`vault: ${error.message}\nUsage: ${IMPORT_KEY_USAGE}\n`);
    return 2;
  }
}
