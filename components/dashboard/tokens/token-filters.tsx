// The tokens page's filters and search: plain GET forms, so the filters live in the URL (shareable, back
// works) and the server applies them through the API's own query schema. No client code needed. autoComplete="off": on back, the
// browser would otherwise restore the fields typed before submitting, not the URL's filters.
import { TOKEN_BRANDS } from '@/lib/tokens/schemas';
import { Button } from '../../ui/button';
import { DateRangeFields, FilterActions } from '../../ui/filter-form';
import { FormField, inputClass } from '../../ui/form-field';

export type TokenFilterValues = Partial<Record<'type' | 'brand' | 'last4' | 'fingerprint' | 'created_from' | 'created_to', string>>;

export function TokenFilters({ basePath, values, q }: { basePath: string; values: TokenFilterValues; q?: string }) {
  return (
    <div className="space-y-3">
      <form method="get" autoComplete="off" action={basePath} role="search" aria-label="Find a token by value" className="flex flex-wrap items-end gap-2">
        <FormField id="token-search" label="Token value" className="min-w-0 flex-1 basis-64">
          <input name="q" defaultValue={q} placeholder="tok_…" className={`${inputClass} font-mono`} autoComplete="off" spellCheck={false} />
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
          <select name="brand" defaultValue={values.brand ?? ''} className={inputClass}>
            <option value="">Any</option>
            {TOKEN_BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="filter-last4" label="Last 4">
          <input name="last4" defaultValue={values.last4} inputMode="numeric" maxLength={4} className={inputClass} autoComplete="off" />
        </FormField>
        <FormField id="filter-fingerprint" label="Fingerprint">
          <input name="fingerprint" defaultValue={values.fingerprint} placeholder="8+ hex digits" className={`${inputClass} font-mono`} autoComplete="off" spellCheck={false} />
        </FormField>
        <DateRangeFields from={{ id: 'filter-created-from', name: 'created_from', label: 'Created from', value: values.created_from }} to={{ id: 'filter-created-to', name: 'created_to', label: 'Created to', value: values.created_to }} />
        <FilterActions clearHref={basePath} />
      </form>
    </div>
  );
}
