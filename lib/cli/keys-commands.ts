// `vault keys rotate-master` and `vault keys rotate-data-key`: the operator side of key rotation (the
// work is in lib/keys). Both print what they did; neither prints key material.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Config } from '../config';
import { masterKeyFile } from '../crypto/master-key';
import { reencryptProject, rotateDataKey } from '../key-rotation/rotate-data-key';
import { rotateFingerprintKey } from '../key-rotation/rotate-fingerprint-key';
import { rotateMasterKey } from '../key-rotation/rotate-master';
import type { Logger } from '../logger';
import { withCommandRuntime } from './with-runtime';
import { parseRotateDataKeyArgs, parseRotateMasterArgs } from './args';

function readNewKey(file: string): Buffer {
  if (!existsSync(file)) throw new Error(`--new-key-file ${file} does not exist`);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`--new-key-file ${file} must hold a base64 32-byte key (openssl rand -base64 32)`);
  return key;
}

export async function runRotateMaster(argv: string[], config: Config, logger: Logger): Promise<number> {
  const args = parseRotateMasterArgs(argv);
  const newKey = readNewKey(args.newKeyFile);
  return withCommandRuntime({ config, logger, duringKeyRotation: true }, async (runtime) => {
    const result = await rotateMasterKey(runtime, { newKey, reencrypt: args.reencrypt, retireOld: args.retireOld });
    // The embedded mode's key file follows the database (written whole, then renamed over the old one).
    const file = masterKeyFile(config);
    const embeddedFile = config.embedded && existsSync(file);
    if (embeddedFile) {
      writeFileSync(`${file}.new`, `${newKey.toString('base64')}\n`, { mode: 0o600 });
      renameSync(`${file}.new`, file);
    }
    process.stdout.write(
      [
        ...(args.reencrypt
          ? [`Re-encrypted ${result.reencrypted} projects under new data and fingerprint keys${args.retireOld ? `; ${result.destroyedDataKeys} unused earlier data key versions destroyed` : ''}.`]
          : []),
        `Master key rotated: ${result.projects} projects and ${result.retiredDataKeys} earlier data key versions re-wrapped.`,
        `The service root key is new: dashboard sessions and sign-in tokens have ended (everyone signs in again), TOTP secrets are re-sealed, ${
          result.keptBackupCodes ? 'backup codes already issued keep working' : 'no unused backup codes were left'
        }.`,
        embeddedFile
          ? `${file} now holds the new key.`
          : 'Set VAULT_MASTER_KEY to the new key on every node, then restart them: the old key is refused from now on.',
        '',
      ].join('\n'),
    );
    return 0;
  });
}

export async function runRotateDataKey(argv: string[], config: Config, logger: Logger): Promise<number> {
  const args = parseRotateDataKeyArgs(argv);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    // --fingerprints replaces the fingerprint key instead of the data key, so running it again resumes it.
    if (!args.fingerprints) {
      const rotated = await rotateDataKey(runtime, { projectId: args.projectId });
      process.stdout.write(`Project ${rotated.projectId}: data key version ${rotated.version} is current (was ${rotated.previousVersion}).\n`);
    }
    if (args.reencrypt) {
      const moved = await reencryptProject(runtime, { projectId: args.projectId });
      process.stdout.write(`Re-encrypted under version ${moved.version}: ${moved.tokens} tokens, ${moved.merchants} merchant processors, ${moved.webhookSecrets} webhook secrets.\n`);
    }
    if (args.fingerprints) {
      const refingerprinted = await rotateFingerprintKey(runtime, { projectId: args.projectId });
      process.stdout.write(
        `${refingerprinted.resumed ? 'Resumed: f' : 'F'}ingerprint key version ${refingerprinted.version} is current: ${refingerprinted.tokens} tokens re-fingerprinted.\n`,
      );
    }
    return 0;
  });
}
