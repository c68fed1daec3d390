// A listed export selection: every value must be a token of the project (deleted or expired ones included:
// they are simply not in the file), and how many cards a selection would export now.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { activeTokenSql } from '../tokens/token-status';
import type { ExportSelection } from './export-card-rows';

/** Positions of the listed values that are not tokens of the project (values are not echoed: some formats keep card digits). */
export async function assertProjectTokens(runtime: Pick<Runtime, 'db'>, projectId: string, tokens: string[]): Promise<void> {
  const found = await runtime.db.sql.query<{ token: string }>('SELECT token FROM tokens WHERE project_id = $1::uuid AND token = ANY ($2::text[])', [projectId, tokens]);
  const known = new Set(found.map((row) => row.token));
  const missing = tokens.flatMap((token, index) => (known.has(token) ? [] : [index]));
  if (!missing.length) return;
  const shown = missing.slice(0, 10).map((index) => `tokens[${index}]`).join(', ');
  const more = missing.length > 10 ? ` and ${missing.length - 10} more` : '';
  throw VaultError.validation([{ path: 'tokens', message: `${shown}${more} ${missing.length === 1 ? 'is not a token' : 'are not tokens'} of this project` }]);
}

/** The active card tokens of the selection at `now`: the rows the file would hold. */
export async function countExportCards(runtime: Pick<Runtime, 'db'>, selection: ExportSelection, now: Date): Promise<number> {
  const [row] = await runtime.db.sql.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM tokens t JOIN projects p ON p.id = t.project_id
     WHERE t.project_id = $1::uuid AND t.type = 'card' AND ${activeTokenSql('$2')} AND ($3::boolean OR t.token = ANY ($4::text[]))`,
    [selection.projectId, now, selection.all, selection.tokens],
  );
  return Number(row?.count ?? 0);
}
