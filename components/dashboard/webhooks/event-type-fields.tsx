'use client';
// The event types an endpoint receives, as checkboxes: "All events" (`*`, types added later included) or
// any of EVENT_TYPES. Bound to the form's `event_types` (the API's field), so its error lands here.
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { EVENT_TYPES } from '@/lib/events/event-types';

export function EventTypeFields<T extends FieldValues>({ control, idPrefix, error }: { control: Control<T>; idPrefix: string; error?: string }) {
  const { field } = useController({ control, name: 'event_types' as Path<T> });
  const value = (Array.isArray(field.value) ? field.value : []) as string[];
  const all = value.includes('*');
  const errorId = error ? `${idPrefix}-event-types-error` : undefined;
  const toggle = (type: string, checked: boolean) => field.onChange(checked ? [...value.filter((item) => item !== type), type] : value.filter((item) => item !== type));
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium text-strong">Event types</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-emerald-600" checked={all} onChange={(event) => field.onChange(event.target.checked ? ['*'] : [])} onBlur={field.onBlur} />
        <span>
          <span className="text-strong">All events</span>
          <span className="block text-xs text-muted">Every type, including types added later.</span>
        </span>
      </label>
      <div className="grid gap-1.5 border-l border-line pl-3 sm:grid-cols-2">
        {EVENT_TYPES.map((type) => (
          <label key={type} className="flex min-w-0 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 shrink-0 accent-emerald-600" checked={all || value.includes(type)} disabled={all} onChange={(event) => toggle(type, event.target.checked)} />
            <span className="min-w-0 break-all font-mono text-[13px] text-strong">{type}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
