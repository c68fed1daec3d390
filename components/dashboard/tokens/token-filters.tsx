// The tokens page's filters and search: plain GET forms, so the filters live in the URL (shareable, back
// works) and the server applies them through the API's own schemas (GET /api/tokens' query, or POST
// /api/tokens/search's body once a status or a metadata filter is chosen). No client code needed.
// autoComplete="off": on back, the browser would otherwise restore the fields typed before submitting, not
// the URL's filters.
import { TOKEN_BRANDS } from '@/lib/tokens/schemas';
import { Button } from '../../ui/button';
import { DateRangeFields, FilterActions, FilterSelect } from '../../ui/filter-form';
import { FormField, inputClass } from '../../ui/form-field';

export const TOKEN_FILTERS = ['type', 'brand', 'last4', 'fingerprint', 'created_from', 'created_to', 'status', 'meta_key', 'meta_value'] as const;
export type TokenFilterValues = Partial<Record<(typeof TOKEN_FILTERS)[number], string>>;

const STATUSES = ['active', 'expired', 'deleted'] as const;

/** `searchableKeys`: the project's `searchable_metadata_keys`, the keys the metadata filter offers. */
export function TokenFilters({ basePath, values, q, searchableKeys }: { basePath: string; values: TokenFilterValues; q?: string; searchableKeys: string[] }) {
  const noKeys = searchableKeys.length === 0;
  return (
    <div className="space-y-3">
      <form method="get" autoComplete="off" action={basePath} role="search" aria-label="Find a token by value" className="flex flex-wrap items-end gap-2">
        <FormField id="token-search" label="Token value" className="min-w-0 flex-1 basis-64">
          <input name="q" defaultValue={q} placeholder="tok_…, digits or UUID" className={`${inputClass} font-mono`} autoComplete="off" spellCheck={false} />
        </FormField>
        <Button type="submit">Search</Button>
      </form>
      <form method="get" autoComplete="off" action={basePath} aria-label="Filter tokens" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <FormField id="filter-type" label="Type">
          <select name="type" defaultValue={values.type ?? ''} className={inputClass}>
            <option value="">Any</option>
            <option value="card">Card</option>
            <option value="bank">Bank</option>
          </select>
        </FormField>
        <FormField id="filter-brand" label="Brand">
          <FilterSelect name="brand" value={values.brand} options={TOKEN_BRANDS} />
        </FormField>
        <FormField id="filter-last4" label="Last 4">
          <input name="last4" defaultValue={values.last4} inputMode="numeric" maxLength={4} className={inputClass} autoComplete="off" />
        </FormField>
        <FormField id="filter-fingerprint" label="Fingerprint">
          <input name="fingerprint" defaultValue={values.fingerprint} placeholder="8+ hex digits" className={`${inputClass} font-mono`} autoComplete="off" spellCheck={false} />
        </FormField>
        <DateRangeFields from={{ id: 'filter-created-from', name: 'created_from', label: 'Created from', value: values.created_from }} to={{ id: 'filter-created-to', name: 'created_to', label: 'Created to', value: values.created_to }} />
        <FormField id="filter-status" label="Status">
          <FilterSelect name="status" value={values.status} options={STATUSES} anyLabel="Not deleted" />
        </FormField>
        <FormField id="filter-meta-key" label="Metadata key" hint={noKeys ? 'No searchable keys: an admin sets them under Projects.' : undefined}>
          <FilterSelect name="meta_key" value={values.meta_key} options={searchableKeys} anyLabel="None" disabled={noKeys} />
        </FormField>
        <FormField id="filter-meta-value" label="Metadata value">
          <input name="meta_value" defaultValue={values.meta_value} placeholder="Exact value" className={inputClass} autoComplete="off" spellCheck={false} disabled={noKeys} />
        </FormField>
        <FilterActions clearHref={basePath} />
      </form>
    </div>
  );
}
