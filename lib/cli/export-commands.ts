// `vault export cards` (the operator's export: no second approval, the project's name repeated with
// --confirm, a loud line on stderr, audited `export.operator`) and `vault export approve ID` (the operator's
// approval of a dashboard export, only in an account with a single owner). The work is in lib/exports.
// The file is streamed to --out encrypted to the recipient's key; nothing in clear touches the disk, and a
// run that fails removes its partial --out file.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { Config } from '../config';
import { isUuid } from '../core/uuid';
import { OperatorApprovalRefused, approveExportByOperator } from '../exports/approve-export';
import { OperatorExportRefused, exportCardsByOperator } from '../exports/export-cards-by-operator';
import { exportResource } from '../exports/export-row';
import { recordAudit } from '../audit/record-audit';
import { EXPORT_FORMATS, type ExportFormat } from '../exports/schemas';
import type { Logger } from '../logger';
import { parseStrictArgs, projectIdArg, UsageError } from './args';
import { withCommandRuntime } from './with-runtime';

export const EXPORT_CARDS_USAGE =
  'vault export cards --project ID --recipient-key recipient.asc [--tokens tokens.txt | --all] [--format csv|jsonl] --out file.pgp --confirm "<project name>"';
export const EXPORT_APPROVE_USAGE = 'vault export approve ID';

export function parseExportCardsArgs(argv: string[]) {
  const values = parseStrictArgs(argv, {
    project: { type: 'string' },
    'recipient-key': { type: 'string' },
    tokens: { type: 'string' },
    all: { type: 'boolean', default: false },
    format: { type: 'string', default: 'csv' },
    out: { type: 'string' },
    confirm: { type: 'string' },
  });
  const projectId = projectIdArg(values.project);
  if (!values['recipient-key']) throw new UsageError("--recipient-key is required: the recipient's armored OpenPGP public key file");
  if (values.all === (values.tokens !== undefined)) throw new UsageError('give exactly one of --tokens FILE (one token a line) and --all');
  if (!(EXPORT_FORMATS as readonly string[]).includes(values.format)) throw new UsageError(`--format must be csv or jsonl (got ${JSON.stringify(values.format)})`);
  if (!values.out) throw new UsageError('--out is required: the file to write the encrypted export to');
  if (values.confirm === undefined) throw new UsageError('--confirm is required: the project\'s exact name, to say you mean it');
  return {
    projectId,
    recipientKeyFile: values['recipient-key'],
    tokensFile: values.tokens ?? null,
    all: values.all,
    format: values.format as ExportFormat,
    out: values.out,
    confirm: values.confirm,
  };
}

/** A tokens file: one token a line; blank lines and lines starting with # are skipped. */
export function parseTokensFile(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
}

function usage(message: string, line: string): number {
  process.stderr.write(`vault: ${message}\nUsage: ${line}\n`);
  return 2;
}

export async function runExportCards(argv: string[], config: Config, logger: Logger): Promise<number> {
  let args: ReturnType<typeof parseExportCardsArgs>;
  try {
    args = parseExportCardsArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return usage(error.message, EXPORT_CARDS_USAGE);
  }
  const recipientArmored = await readFile(args.recipientKeyFile, 'utf8');
  const tokens = args.tokensFile ? parseTokensFile(await readFile(args.tokensFile, 'utf8')) : [];
  if (args.tokensFile && !tokens.length) return usage(`--tokens ${args.tokensFile} lists no token`, EXPORT_CARDS_USAGE);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    let opened = false;
    try {
      const result = await exportCardsByOperator(runtime, {
        projectId: args.projectId,
        recipientArmored,
        all: args.all,
        tokens,
        format: args.format,
        confirm: args.confirm,
        // Opened only once every check passed: a refused run leaves no file behind.
        openOut: () => {
          opened = true;
          return createWriteStream(args.out, { flags: 'w', mode: 0o600 });
        },
        beforeStart: (plan) =>
          process.stderr.write(
            `WARNING: exporting ${plan.cards} cards of project "${plan.projectName}" (${args.projectId}) in clear to the holder of key ${plan.recipientFingerprint}. Only that key can read ${args.out}. This is audited (export.operator).\n`,
          ),
      });
      process.stdout.write(`Exported ${result.rows} cards to ${args.out} (export ${result.id}), encrypted to the recipient's key only.\n`);
      return 0;
    } catch (error) {
      if (opened) await rm(args.out, { force: true });
      if (!(error instanceof OperatorExportRefused)) throw error;
      process.stderr.write(`vault: ${error.message}\n`);
      return 1;
    }
  });
}

export async function runExportApprove(argv: string[], config: Config, logger: Logger): Promise<number> {
  const [id, ...extra] = argv;
  if (!id || extra.length || !isUuid(id)) return usage('give the export id (a UUID) to approve', EXPORT_APPROVE_USAGE);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    try {
      const row = await approveExportByOperator(runtime, { exportId: id.toLowerCase() });
      await recordAudit(runtime, {
        action: 'export.approve_by_operator',
        outcome: 'success',
        statusCode: 200,
        requestId: `cli-${randomUUID()}`,
        accountId: row.account_id,
        projectId: row.project_id,
        resource: exportResource(row, 'operator'),
      });
      process.stdout.write(`Export ${row.id} approved by the operator: either owner may download it until ${new Date(row.expires_at).toISOString()}.\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof OperatorApprovalRefused)) throw error;
      process.stderr.write(`vault: ${error.message}\n`);
      return 1;
    }
  });
}
