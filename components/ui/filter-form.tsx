// Pieces of the dashboard's GET filter forms (filters live in the URL): a date range and the
// apply/clear row. Server components: a plain <form method="get"> needs no client code.
import Link from 'next/link';
import type { SelectHTMLAttributes } from 'react';
import { Button, buttonClass } from './button';
import { FormField, inputClass } from './form-field';

type DateBound = { id: string; name: string; label: string; value?: string };

export function DateRangeFields({ from, to }: { from: DateBound; to: DateBound }) {
  return (
    <>
      {[from, to].map((bound) => (
        <FormField key={bound.name} id={bound.id} label={bound.label}>
          <input type="date" name={bound.name} defaultValue={bound.value} className={inputClass} />
        </FormField>
      ))}
    </>
  );
}

/** A filter's select: "Any" (no filter) and the allowed values, preselected from the URL (in a FormField). */
export function FilterSelect({ name, value, options, anyLabel = 'Any', ...rest }: { name: string; value?: string; options: readonly string[]; anyLabel?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select name={name} defaultValue={value ?? ''} className={inputClass} {...rest}>
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

export function FilterActions({ clearHref }: { clearHref: string }) {
  return (
    <div className="col-span-full flex flex-wrap gap-2">
      <Button type="submit" variant="primary">
        Apply filters
      </Button>
      <Link href={clearHref} className={buttonClass('ghost')}>
        Clear
      </Link>
    </div>
  );
}
