// GET /dashboard/p/{projectId}/tokens — the project's tokens: filters and search in the URL, cursor pages,
// a drawer per token (display fields, metadata, expiry and its audit trail), delete, and test tokens from
// published test cards. Read through the same lib functions and presenter as GET /api/tokens and GET
// /api/tokens/{token}; a status or metadata filter reads through POST /api/tokens/search's (its schema, its
// 400 and 409 messages), with "active or expired" as the default status.
import { NewTestTokenDialog } from '@/components/dashboard/tokens/new-test-token-dialog';
import { TOKEN_FILTERS, TokenFilters, type TokenFilterValues } from '@/components/dashboard/tokens/token-filters';
import { TokensTable, type SelectedToken } from '@/components/dashboard/tokens/tokens-table';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError } from '@/components/ui/form-field';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { VaultError } from '@/lib/core/errors';
import { getScopedTokenView } from '@/lib/tokens/get-scoped-token-or-throw';
import { listTokens, tokenListOptions } from '@/lib/tokens/list-tokens';
import { presentToken } from '@/lib/tokens/present-token';
import { ZListTokensQuerySchema } from '@/lib/tokens/schemas';
import { ZSearchTokensRequestSchema } from '@/lib/tokens/search-schemas';
import { searchTokens } from '@/lib/tokens/search-tokens';
import { loadDashboardContext, single, type DashboardContext, type ProjectPageProps } from '../dashboard-context';
import { readAuditLogs } from '../read-audit-logs';

const NOT_FOUND = 'No token with that value';

type TokenPage = { rows: ReturnType<typeof presentToken>[]; nextCursor: string | null; errors: string[] };

/** The entries of `values` that are set. */
const given = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
const refused = (errors: string[]): TokenPage => ({ rows: [], nextCursor: null, errors });

/** A page of the project's tokens: the listing, or the search once a status or a metadata filter is chosen. */
async function readTokens(context: DashboardContext, filters: TokenFilterValues, cursor: string | undefined): Promise<TokenPage> {
  const { status, meta_key: metaKey, meta_value: metaValue, ...listed } = filters;
  const project = { project_id: context.project.id };
  if (!status && !metaKey && !metaValue) {
    // The API's own query schema: the same rules and messages for a filter typed into the form.
    const parsed = ZListTokensQuerySchema.safeParse(given({ ...listed, ...project, cursor }));
    if (!parsed.success) return refused(parsed.error.issues.map((issue) => issue.message));
    const page = await listTokens(context.runtime, tokenListOptions(context.user.accountId, parsed.data));
    return { rows: page.rows.map(presentToken), nextCursor: page.nextCursor, errors: [] };
  }
  if (!metaKey !== !metaValue) return refused(['A metadata filter needs both a key and a value.']);
  const parsed = ZSearchTokensRequestSchema.safeParse(given({ ...listed, ...project, status, cursor, metadata: metaKey ? { [metaKey]: metaValue } : undefined }));
  if (!parsed.success) return refused(parsed.error.issues.map((issue) => issue.message));
  const { project_id: projectId, ...body } = parsed.data;
  try {
    const page = await searchTokens(context.runtime, { scope: { accountId: context.user.accountId, projectId }, filters: { ...body, status: status ? body.status : 'live' }, now: new Date() });
    return { rows: page.rows.map(presentToken), nextCursor: page.nextCursor, errors: [] };
  } catch (error) {
    // A key no longer searchable (400), or one still being indexed (409): the API's message.
    if (error instanceof VaultError && error.status < 500) return refused([error.fields?.map((field) => field.message).join(' ') || error.message]);
    throw error;
  }
}

/** One token of this project by its value, or null (another project's, another account's, unknown). */
async function findToken(context: DashboardContext, value: string) {
  try {
    const row = await getScopedTokenView(context.runtime, { scope: { accountId: context.user.accountId }, token: value });
    return row.projectId === context.project.id ? presentToken(row) : null;
  } catch (error) {
    if (error instanceof VaultError && error.code === 'token_not_found') return null;
    throw error;
  }
}

export default async function TokensPage({ params, searchParams }: ProjectPageProps) {
  const { projectId } = await params;
  const context = await loadDashboardContext(projectId, '/tokens');
  const search = await searchParams;
  const filters: TokenFilterValues = Object.fromEntries(TOKEN_FILTERS.map((name) => [name, single(search[name])?.trim() || undefined]));
  const cursor = single(search.cursor) || undefined;
  const q = single(search.q)?.trim() || undefined;
  const selectedValue = single(search.token) || q;

  let rows: ReturnType<typeof presentToken>[] = [];
  let nextCursor: string | null = null;
  let filterErrors: string[] = [];
  let searchMiss = false;
  if (q) {
    const found = await findToken(context, q);
    searchMiss = !found;
    rows = found ? [found] : [];
  } else {
    ({ rows, nextCursor, errors: filterErrors } = await readTokens(context, filters, cursor));
  }

  let selected: SelectedToken | null = null;
  if (selectedValue) {
    const token = rows.find((row) => row.token === selectedValue) ?? (await findToken(context, selectedValue));
    if (token) {
      const trail = await readAuditLogs(context, { project_id: context.project.id, token: token.token, limit: 50 });
      selected = { token, audit: trail.rows };
    }
  }

  const base = context.runtime.config.APP_URL;
  const filtered = !!q || TOKEN_FILTERS.some((name) => filters[name]);
  const tokenize = `curl -X POST ${base}/tokenize \\\n  -H "X-API-Key: $VAULT_API_KEY" -H "Content-Type: application/json" \\\n  -d '{"type":"card","data":{"cardNumber":"4242 4242 4242 4242","expirationMonth":"12","expirationYear":"2030","cvv":"123"}}'`;

  return (
    <>
      <PageHeader
        title="Tokens"
        description={`Tokens of ${context.project.name}: masked card and bank data only. Card numbers and security codes are never shown.`}
        actions={context.can.use && <NewTestTokenDialog projectId={context.project.id} />}
      />
      {!context.can.use && <ReadOnlyNotice>Owners, admins and developers can create test tokens and delete tokens.</ReadOnlyNotice>}
      {/* Keyed on the filters: "Clear" (a client navigation) must reset the fields' default values too. */}
      <TokenFilters key={JSON.stringify({ filters, q })} basePath={`${context.base}/tokens`} values={filters} q={q} searchableKeys={context.project.searchable_metadata_keys} />
      {filterErrors.length > 0 && <FormError message={filterErrors.join(' ')} />}
      <Panel title="Tokens" count={rows.length}>
        {searchMiss ? (
          <EmptyState title={NOT_FOUND}>Search takes a whole token value of this project (tok_…, 13–19 digits or a UUID).</EmptyState>
        ) : (
          <TokensTable
            rows={rows}
            selected={selected}
            canDelete={context.can.use}
            empty={
              filtered ? (
                <EmptyState title="No tokens match these filters." />
              ) : (
                <EmptyState title="No tokens yet" command={tokenize} commandLabel="tokenize command">
                  Tokenize a card with an application&apos;s API key (project {context.project.id}):
                </EmptyState>
              )
            }
          />
        )}
        <CursorPager basePath={`${context.base}/tokens`} params={{ ...filters, cursor }} nextCursor={nextCursor} />
      </Panel>
    </>
  );
}
