// `vault import cards --project ID --file cards.csv.pgp [--format csv|jsonl] [--dry-run] [--token-format F]
// [--deduplicate] [--out-dir DIR] [--map OLD=NEW]... [--map-file FILE] [--require-signer FPR --signer-key F]`
// (issue 26): the operator's import of an OpenPGP-encrypted card file, run here by the engine
// (lib/imports/run-import.ts: an integrity pass, then the import in batches). Running it again with the same
// file resumes the unfinished import of that file (found by the file's SHA-256 in the project), after its
// last committed batch; a finished file imports nothing new. Progress goes to stderr (a bar on a terminal);
// the last lines on stdout are `imported N, skipped N, failed N` and the mapping's and report's paths.
// Never prints card data. Bad arguments print the usage and exit 2; a failed import exits 1.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Config } from '../config';
import { normaliseFingerprint } from '../crypto/openpgp-keys';
import { createImport, type ImportFileFormat, type ImportOptions } from '../imports/create-import';
import { dryRunImport } from '../imports/dry-run-import';
import { ImportFailure } from '../imports/import-failure';
import { writeMappingCsv, writeReportCsv } from '../imports/import-outputs';
import { importProgressView } from '../imports/import-progress';
import { runImport } from '../imports/run-import';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime/types';
import { TOKEN_FORMATS, type TokenFormat } from '../tokens/token-format-names';
import { parseStrictArgs, projectIdArg, UsageError } from './args';
import { withCommandRuntime } from './with-runtime';

export const IMPORT_CARDS_USAGE =
  'vault import cards --project ID --file FILE.pgp [--format csv|jsonl] [--dry-run] [--token-format FORMAT] [--deduplicate] [--out-dir DIR] [--map OLD=NEW]... [--map-file FILE] [--require-signer FINGERPRINT --signer-key PUBLIC.asc]';

export type ImportCardsArgs = {
  projectId: string;
  file: string;
  format: ImportFileFormat;
  dryRun: boolean;
  outDir: string;
  options: ImportOptions;
  requireSigner: string | null;
};

/** `old,new` lines (a first line `old,new` is a header and skipped). */
function readMapFile(path: string): Record<string, string> {
  let records: string[][];
  try {
    records = parseCsv(readFileSync(path), { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch {
    throw new UsageError(`--map-file ${path} cannot be read as a CSV of old,new lines`);
  }
  const map: Record<string, string> = {};
  records.forEach((record, index) => {
    if (index === 0 && record[0] === 'old' && record[1] === 'new') return;
    if (record.length !== 2 || !record[0] || !record[1]) throw new UsageError(`--map-file ${path}: line ${index + 1} is not old,new`);
    map[record[0]] = record[1];
  });
  return map;
}

export function parseImportCardsArgs(argv: string[]): ImportCardsArgs {
  const values = parseStrictArgs(argv, {
    project: { type: 'string' },
    file: { type: 'string' },
    format: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'token-format': { type: 'string' },
    deduplicate: { type: 'boolean', default: false },
    'out-dir': { type: 'string' },
    map: { type: 'string', multiple: true },
    'map-file': { type: 'string' },
    'require-signer': { type: 'string' },
    'signer-key': { type: 'string' },
  });
  const projectId = projectIdArg(values.project);
  if (!values.file) throw new UsageError('--file is required: the OpenPGP-encrypted card file');
  const file = resolve(values.file);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--file ${values.file}: no such file`);
  let format: ImportFileFormat;
  if (values.format === undefined) format = /\.jsonl(\.(pgp|gpg|asc))?$/i.test(file) ? 'jsonl' : 'csv';
  else if (values.format === 'csv' || values.format === 'jsonl') format = values.format;
  else throw new UsageError(`--format must be csv or jsonl (got ${JSON.stringify(values.format)})`);
  const tokenFormat = values['token-format'];
  if (tokenFormat !== undefined && !(TOKEN_FORMATS as readonly string[]).includes(tokenFormat)) {
    throw new UsageError(`--token-format must be one of ${TOKEN_FORMATS.join(', ')}`);
  }
  const map: Record<string, string> = values['map-file'] ? readMapFile(values['map-file']) : {};
  for (const pair of values.map ?? []) {
    const cut = pair.indexOf('=');
    if (cut <= 0 || cut === pair.length - 1) throw new UsageError(`--map takes OLD=NEW (got ${JSON.stringify(pair)})`);
    map[pair.slice(0, cut)] = pair.slice(cut + 1);
  }
  let requireSigner: string | null = null;
  let signerKey: string | undefined;
  if (values['require-signer'] !== undefined) {
    requireSigner = normaliseFingerprint(values['require-signer']);
    if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(requireSigner)) throw new UsageError('--require-signer must be an OpenPGP fingerprint (40 hex digits)');
    if (!values['signer-key']) throw new UsageError('--require-signer needs --signer-key FILE: the signer\'s armored public key, to verify the file\'s signature');
  }
  if (values['signer-key'] !== undefined) {
    if (!requireSigner) throw new UsageError('--signer-key is used only with --require-signer FINGERPRINT');
    try {
      signerKey = readFileSync(values['signer-key'], 'utf8');
    } catch {
      throw new UsageError(`--signer-key ${values['signer-key']}: cannot be read`);
    }
  }
  const options: ImportOptions = {
    ...(tokenFormat ? { tokenFormat: tokenFormat as TokenFormat } : {}),
    ...(values.deduplicate ? { deduplicate: true } : {}),
    ...(Object.keys(map).length ? { map } : {}),
    ...(signerKey ? { signerKey } : {}),
  };
  return { projectId, file, format, dryRun: values['dry-run'], outDir: resolve(values['out-dir'] ?? dirname(file)), options, requireSigner };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Written beside, then renamed: a reader never sees half a file. */
async function writeOutput(path: string, write: (out: NodeJS.WritableStream & import('node:stream').Writable) => Promise<void>): Promise<void> {
  const partial = `${path}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  await write(out);
  out.end();
  await once(out, 'finish');
  renameSync(partial, path);
}

/**
 * V8 grows the old generation lazily while memory is plentiful: a long import's garbage would lift the
 * process to several hundred MB although its live data stays small. A full collection every
 * GC_EVERY_ROWS rows keeps RSS bounded (issue 26: below 300 MB for a 2 GB file) for a few ms each time.
 */
const GC_EVERY_ROWS = 20_000;
function boundedMemory(): (rowsDone: number) => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  let last = 0;
  return (rowsDone) => {
    if (rowsDone < last) last = 0;
    if (rowsDone - last < GC_EVERY_ROWS) return;
    last = rowsDone;
    gc();
  };
}

const workerId = () => `cli:${hostname()}:${process.pid}`;

/** Whether a CLI worker id names a process of this machine that is no longer running. */
function deadLocalWorker(claimedBy: string | null): boolean {
  const match = claimedBy ? /^cli:(.*):(\d+)$/.exec(claimedBy) : null;
  if (!match || match[1] !== hostname()) return false;
  try {
    process.kill(Number(match[2]), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

type Unfinished = { id: string; status: string; claimed_by: string | null; claimed_until: Date | null; rows_done: number; rows_total: number | null };

/** The project's unfinished CLI import of this file, taken over from a CLI process of this machine that died. */
async function findUnfinished(runtime: Runtime, projectId: string, sha256: string): Promise<Unfinished | null> {
  const [row] = await runtime.db.sql.query<Unfinished>(
    `SELECT id, status::text AS status, claimed_by, claimed_until, rows_done, rows_total FROM imports
      WHERE project_id = $1::uuid AND source = 'cli' AND status IN ('queued', 'running') AND options->>'fileSha256' = $2
      ORDER BY created_at DESC LIMIT 1`,
    [projectId, sha256],
  );
  if (!row) return null;
  if (row.status === 'running' && row.claimed_until && new Date(row.claimed_until) > new Date() && deadLocalWorker(row.claimed_by)) {
    await runtime.db.sql.query("UPDATE imports SET claimed_until = now() - interval '1 second' WHERE id = $1::uuid AND claimed_by = $2", [row.id, row.claimed_by]);
    row.claimed_until = new Date(0);
  }
  return row;
}

export async function runImportCards(argv: string[], config: Config, logger: Logger): Promise<number> {
  let args: ImportCardsArgs;
  try {
    args = parseImportCardsArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`vault: ${error.message}\nUsage: ${IMPORT_CARDS_USAGE}\n`);
    return 2;
  }
  const out = (text: string) => process.stdout.write(text);
  const view = importProgressView(process.stderr);
  const collect = boundedMemory();
  const progress = {
    update: (p: Parameters<typeof view.update>[0]) => {
      collect(p.rowsDone);
      view.update(p);
    },
    end: () => view.end(),
  };
  const source = () => createReadStream(args.file, { highWaterMark: 1 << 20 });
  const name = basename(args.file);
  const mappingPath = join(args.outDir, `${name}.mapping.csv`);
  const reportPath = join(args.outDir, `${name}.report.csv`);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const [project] = await runtime.db.sql.query<{ account_id: string }>('SELECT account_id FROM projects WHERE id = $1::uuid', [args.projectId]);
    if (!project) {
      process.stderr.write(`vault: No project ${args.projectId}\n`);
      return 1;
    }
    if (args.dryRun) {
      out(`Dry run: checking ${name} for project ${args.projectId}; nothing is stored.\n`);
      try {
        let result!: Awaited<ReturnType<typeof dryRunImport>>;
        await writeOutput(reportPath, async (report) => {
          result = await dryRunImport(runtime, { projectId: args.projectId, accountId: project.account_id, format: args.format, options: args.options, requireSigner: args.requireSigner, source, report, onProgress: (p) => progress.update(p) });
        });
        progress.end();
        out(`dry run: would import ${result.wouldImport}, skip ${result.wouldSkip}, fail ${result.failed} (of ${result.rowsTotal} rows)\n`);
        out(`imported 0, skipped ${result.wouldSkip}, failed ${result.failed}\n`);
        out(`report: ${reportPath}\n`);
        return 0;
      } catch (error) {
        progress.end();
        if (!(error instanceof ImportFailure)) throw error;
        process.stderr.write(`vault: ${error.code}: ${error.message}\n`);
        return 1;
      }
    }

    const sha256 = await sha256Of(args.file);
    let importId: string;
    const unfinished = await findUnfinished(runtime, args.projectId, sha256);
    if (unfinished) {
      if (unfinished.status === 'running' && unfinished.claimed_until && new Date(unfinished.claimed_until) > new Date()) {
        process.stderr.write(`vault: import ${unfinished.id} of this file is being run by ${unfinished.claimed_by} (claimed until ${new Date(unfinished.claimed_until).toISOString()}); try again after that\n`);
        return 1;
      }
      importId = unfinished.id;
      out(`Resuming import ${importId} of ${name} after row ${unfinished.rows_done}${unfinished.rows_total === null ? '' : ` of ${unfinished.rows_total}`}.\n`);
    } else {
      ({ id: importId } = await createImport(runtime, { projectId: args.projectId, source: 'cli', format: args.format, options: { ...args.options, fileSha256: sha256 }, requireSigner: args.requireSigner }));
      out(`Importing ${name} into project ${args.projectId} (import ${importId}).\n`);
    }
    process.stderr.write('vault: importing card data as the operator (audited)\n');
    const result = await runImport(runtime, { importId, workerId: workerId(), source, onProgress: (p) => progress.update(p) });
    progress.end();
    const [ended] = await runtime.db.sql.query<{ error_code: string | null; error_message: string | null }>('SELECT error_code, error_message FROM imports WHERE id = $1::uuid', [importId]);
    if (result.status === 'failed') process.stderr.write(`vault: import failed: ${ended?.error_code}: ${ended?.error_message}\n`);
    if (result.status === 'cancelled') process.stderr.write('vault: import cancelled: the batches committed before the cancel are kept\n');
    if (result.status === 'running' || result.status === 'queued') process.stderr.write(`vault: import ${importId} is held by another worker\n`);
    await writeOutput(mappingPath, (stream) => writeMappingCsv(runtime, importId, stream));
    await writeOutput(reportPath, (stream) => writeReportCsv(runtime, importId, stream));
    out(`imported ${result.rows_imported}, skipped ${result.rows_skipped}, failed ${result.rows_failed}\n`);
    out(`mapping: ${mappingPath}\n`);
    out(`report: ${reportPath}\n`);
    return result.status === 'completed' ? 0 : 1;
  });
}
