// An import's two outputs (issue 26), streamed from import_rows a page at a time (bounded memory for any
// size): the mapping `external_id,token,brand,last4,exp_month,exp_year,fingerprint` (imported rows, and rows
// that map to an existing token: an external_id imported before, a deduplicated card) and the report
// `row,external_id,code,field` (skipped and failed rows). Neither ever holds card data: import_rows stores
// none, and the display fields come from the token (brand, last 4, keyed fingerprint).
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Runtime } from '../runtime/types';

const PAGE = 5_000;

export const MAPPING_HEADER = ['external_id', 'token', 'brand', 'last4', 'exp_month', 'exp_year', 'fingerprint'] as const;
export const REPORT_HEADER = ['row', 'external_id', 'code', 'field'] as const;

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

// Every data row of an import has its import_rows row (numbered 1…n without gaps): a page is a range of
// row numbers, read along the primary key, so its cost does not grow with the rows before it (an
// `ORDER BY row LIMIT` under stale statistics was planned as a sort of every remaining row, page after page).
async function writePages<T extends { row: number }>(
  runtime: Pick<Runtime, 'db'>,
  importId: string,
  out: Writable,
  header: readonly string[],
  page: (after: number, upTo: number) => Promise<T[]>,
  line: (row: T) => unknown[] | null,
): Promise<void> {
  await write(out, stringify([header]));
  const [last] = await runtime.db.sql.query<{ max: number | null }>('SELECT max(row)::int AS max FROM import_rows WHERE import_id = $1::uuid', [importId]);
  const end = last?.max ?? 0;
  for (let after = 0; after < end; after += PAGE) {
    const rows = await page(after, after + PAGE);
    const lines = rows.map(line).filter((fields): fields is unknown[] => fields !== null);
    if (lines.length) await write(out, stringify(lines));
  }
}

type MappingRow = { row: number; external_id: string | null; token: string | null; brand: string | null; last4: string | null; exp_month: string | null; exp_year: string | null; fingerprint: string | null };

export async function writeMappingCsv(runtime: Pick<Runtime, 'db'>, importId: string, out: Writable): Promise<void> {
  await writePages<MappingRow>(
    runtime,
    importId,
    out,
    MAPPING_HEADER,
    (after, upTo) =>
      runtime.db.sql.query<MappingRow>(
        // The page first (the import_rows key), then each row's token by its id: never a join over all tokens.
        `SELECT r.row, r.external_id, t.token, t.brand, t.last4, r.exp_month, r.exp_year, t.fingerprint
           FROM (SELECT row, external_id, token_id, exp_month, exp_year FROM import_rows
                  WHERE import_id = $1::uuid AND row > $2 AND row <= $3 AND token_id IS NOT NULL) r
           LEFT JOIN LATERAL (SELECT token, brand, last4, fingerprint FROM tokens WHERE id = r.token_id) t ON true
          ORDER BY r.row`,
        [importId, after, upTo],
      ),
    // A token erased since (a purge) has no row left: it is not in the mapping.
    (row) => (row.token === null ? null : [row.external_id ?? '', row.token, row.brand ?? '', row.last4 ?? '', row.exp_month ?? '', row.exp_year ?? '', row.fingerprint]),
  );
}

type ReportRow = { row: number; external_id: string | null; code: string | null; field: string | null };

export async function writeReportCsv(runtime: Pick<Runtime, 'db'>, importId: string, out: Writable): Promise<void> {
  await writePages<ReportRow>(
    runtime,
    importId,
    out,
    REPORT_HEADER,
    (after, upTo) =>
      runtime.db.sql.query<ReportRow>(
        `SELECT row, external_id, code, field FROM import_rows
          WHERE import_id = $1::uuid AND row > $2 AND row <= $3 AND outcome <> 'imported' ORDER BY row`,
        [importId, after, upTo],
      ),
    (row) => [row.row, row.external_id ?? '', row.code ?? '', row.field ?? ''],
  );
}
