// `npx vault <command>`: operator commands, on the same configuration as the server.
import { bootstrapBanner, bootstrapIfEmpty } from '../accounts/bootstrap';
import { createOperatorApplication } from '../applications/create-operator-application';
import { ConfigError, getConfig } from '../config';
import { createLogger } from '../logger';
import { withCommandRuntime } from './with-runtime';
import { parseAppCreateArgs } from './args';
import { runAuditAnchor, runAuditVerify } from './audit-commands';
import { runDoctor } from './doctor/run-doctor';
import { runRotateDataKey, runRotateMaster } from './keys-commands';
import { runImportCards } from './import-cards-command';
import { runExportApprove, runExportCards } from './export-commands';
import { runImportKey } from './import-key-commands';
import { runTokensPurge } from './tokens-commands';
import { runUserResetPassword, runUserUnlock } from './user-commands';

const USAGE = `Usage:
  vault migrate                     apply pending database migrations
  vault app create --name NAME [--production] [--provisioning] [--no-detokenize] [--search] [--json]
                                    create an application with the tokenization and detokenize permissions
                                    (in the first test project, or the first production project);
                                    --no-detokenize: a key that cannot reveal (POST /detokenize);
                                    --search: a key that may search tokens (POST /tokens/search). Audited.
  vault audit verify [--full] [--anchor INDEX:MAC]
                                    check the audit chain since the last verified seal (--full: from the
                                    start; --anchor: that earlier anchor is still in the chain); exit 1 when broken
  vault audit anchor [--json]       print the newest seal as INDEX:MAC and its row count, to keep elsewhere
  vault keys rotate-master --new-key-file FILE [--reencrypt [--retire-old]]
                                    re-wrap every key under a new master key and replace the service root
                                    (sessions end); --reencrypt also moves every project's data to new data and
                                    fingerprint keys, --retire-old then destroys the unused older data keys
                                    (stop the servers first; run it again after a failure). The old key is
                                    refused afterwards.
  vault keys rotate-data-key --project ID [--reencrypt] [--fingerprints]
                                    new data key version for a project; --reencrypt moves its stored
                                    data to it in batches; --fingerprints replaces its fingerprint key
                                    instead and recomputes every token's fingerprint (resumable)
  vault tokens purge --project ID --before YYYY-MM-DD [--dry-run]
                                    erase (as DELETE /api/tokens/{token} does) every token of the project
                                    created before that UTC day, in batches, printing progress and then
                                    N tokens; --dry-run only counts. Audited.
  vault import cards --project ID --file FILE.pgp [--format csv|jsonl] [--dry-run] [--token-format FORMAT]
                    [--deduplicate] [--out-dir DIR] [--map OLD=NEW]... [--map-file FILE]
                    [--require-signer FINGERPRINT --signer-key PUBLIC.asc]
                                    import an OpenPGP-encrypted card file (CSV with a header, or JSON Lines) into
                                    the project: a first pass decrypts, verifies and counts, the second imports in
                                    batches (resumed after a crash by running it again); writes
                                    <input>.mapping.csv and <input>.report.csv. Audited.
  vault import key create --project ID [--rsa] [--json]
                                    a new OpenPGP key pair (Curve25519; RSA-4096 with --rsa) for receiving card
                                    files: prints the armored public key and its fingerprint for the sender (the
                                    private key is wrapped by the master key and never leaves the vault). Audited.
  vault import key list [--project ID] [--json]
                                    the import keys (fingerprint, project, algorithm, created, revoked)
  vault import key revoke FINGERPRINT
                                    files encrypted to that key can no longer be imported. Audited.
  vault export cards --project ID --recipient-key RECIPIENT.asc (--tokens TOKENS.txt | --all) [--format csv|jsonl]
                    --out FILE.pgp --confirm "<project name>"
                                    the operator's export: the project's active cards (or those listed, one token a
                                    line), streamed to FILE.pgp encrypted to the recipient's key only (RSA >= 3072 or
                                    Curve25519); --confirm must repeat the project's exact name; warns on stderr.
                                    No second approval (the operator holds the master key). Audited (export.operator).
  vault export approve ID           approve an export requested in the dashboard, as the second person of the
                                    two-person rule: only when the account has a single owner (otherwise another
                                    owner must approve it). Audited.
  vault doctor                      check the configuration, database, migrations, master key, clock, Redis and
                                    NODE_EXTRA_CA_CERTS without changing anything; prints each problem's fix,
                                    exit 1 when a check FAILs
  vault user reset-password --email EMAIL [--password-stdin] [--reset-mfa]
                                    recovery when every owner is locked out: a new password (generated, shown
                                    once and to be replaced at the first sign-in; or the first line of stdin),
                                    lockout cleared, sessions ended; --reset-mfa also turns MFA off. Audited.
  vault user unlock --email EMAIL   end a sign-in lockout now and restart the failed count. Audited.
  vault help                        this text

Configuration comes from the environment, as for the server (DATABASE_URL, VAULT_DATA_DIR, VAULT_MASTER_KEY…).`;

async function run(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  // Before the configuration is read: an invalid one is the first thing doctor reports.
  if (command === 'doctor' && argv.length === 1) return runDoctor((line) => process.stdout.write(line));
  const config = getConfig();
  const logger = createLogger({ level: 'warn' });
  if (command === 'migrate') {
    // Starting the runtime applies the migrations, then the start-up re-seal (lib/key-rotation/bind-to-owners.ts).
    let applied: string[] = [];
    await withCommandRuntime({ config, logger, onMigrated: (names) => (applied = names) }, async () => {
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
    });
    return 0;
  }
  if (command === 'audit' && sub === 'verify') return runAuditVerify(rest, config, logger);
  if (command === 'audit' && sub === 'anchor') return runAuditAnchor(rest, config, logger);
  if (command === 'keys' && sub === 'rotate-master') return runRotateMaster(rest, config, logger);
  if (command === 'keys' && sub === 'rotate-data-key') return runRotateDataKey(rest, config, logger);
  if (command === 'export' && sub === 'cards') return runExportCards(rest, config, logger);
  if (command === 'export' && sub === 'approve') return runExportApprove(rest, config, logger);
  if (command === 'import' && sub === 'cards') return runImportCards(rest, config, logger);
  if (command === 'import' && sub === 'key') return runImportKey(rest, config, logger);
  if (command === 'tokens' && sub === 'purge') return runTokensPurge(rest, config, logger);
  if (command === 'user' && sub === 'reset-password') return runUserResetPassword(rest, config, logger);
  if (command === 'user' && sub === 'unlock') return runUserUnlock(rest, config, logger);
  if (command === 'app' && sub === 'create') {
    const args = parseAppCreateArgs(rest);
    await withCommandRuntime({ config, logger }, async (runtime) => {
      const bootstrapped = await bootstrapIfEmpty(runtime);
      // The banner goes to stderr so that --json output stays one JSON object on stdout.
      if (bootstrapped) process.stderr.write(bootstrapBanner(bootstrapped, config.APP_URL));
      const created = await createOperatorApplication(runtime, args);
      if (args.json) {
        process.stdout.write(`${JSON.stringify(created)}\n`);
      } else {
        process.stdout.write(
          [
            `Application ${args.name} created (${args.production ? 'production' : 'test'} project ${created.project_id}).`,
            `  Application id: ${created.application_id}`,
            `  API key:        ${created.api_key}   (shown once)`,
            ...(created.pub_key ? [`  Pub key:        ${created.pub_key}   (send as X-Pub-Key on /tokenize and /test-tokens)`] : []),
            '',
          ].join('\n'),
        );
      }
    });
    return 0;
  }
  process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${USAGE}\n`);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`vault: ${message}\n`);
    process.exit(1);
  },
);
