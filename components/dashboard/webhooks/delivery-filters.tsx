// The delivery log's filters: a plain GET form, so they live in the URL (shareable, back works) and the
// server applies them through the API's own query schema. autoComplete="off": on back, the browser would
// otherwise restore the fields typed before submitting, not the URL's filters.
import { EVENT_TYPES, TEST_EVENT_TYPE } from '@/lib/events/event-types';
import { DELIVERY_STATUSES } from '@/lib/webhooks/schemas';
import { DateRangeFields, FilterActions, FilterSelect } from '../../ui/filter-form';
import { FormField, inputClass } from '../../ui/form-field';

export const DELIVERY_FILTERS = ['status', 'event_type', 'event_id', 'from', 'to'] as const;
export type DeliveryFilterValues = Partial<Record<(typeof DELIVERY_FILTERS)[number], string>>;

export function DeliveryFilters({ basePath, values }: { basePath: string; values: DeliveryFilterValues }) {
  return (
    <form method="get" autoComplete="off" action={basePath} aria-label="Filter deliveries" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <FormField id="delivery-status" label="Status">
        <FilterSelect name="status" value={values.status} options={DELIVERY_STATUSES} />
      </FormField>
      <FormField id="delivery-event-type" label="Event type">
        <FilterSelect name="event_type" value={values.event_type} options={[...EVENT_TYPES, TEST_EVENT_TYPE]} />
      </FormField>
      <FormField id="delivery-event-id" label="Event id" className="col-span-2 sm:col-span-1">
        <input name="event_id" defaultValue={values.event_id} placeholder="evt_…" className={`${inputClass} font-mono`} autoComplete="off" spellCheck={false} />
      </FormField>
      <DateRangeFields from={{ id: 'delivery-from', name: 'from', label: 'Created from', value: values.from }} to={{ id: 'delivery-to', name: 'to', label: 'Created to', value: values.to }} />
      <FilterActions clearHref={basePath} />
    </form>
  );
}
