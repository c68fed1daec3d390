'use client';
// react-hook-form on the API's own zod schema, submitted through the API: the API's field errors land
// next to the fields they name, other refusals above the form, and the outcome is toasted.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ApiOutcome } from './api-client';
import { toast } from './toast';

export type ApiFormOptions<TValues extends FieldValues, TOutcome extends ApiOutcome<unknown>> = {
  schema: z.ZodType<TValues, any>;
  defaultValues: DefaultValues<TValues>;
  /** The typed call the values make, e.g. `(values) => api.call('createProject', { body: values })`: its answer types `onSuccess`. */
  call: (values: TValues) => Promise<TOutcome>;
  success?: string;
  onSuccess?: (data: Extract<TOutcome, { ok: true }>['data'], values: TValues) => void;
};

export function useApiForm<TValues extends FieldValues, TOutcome extends ApiOutcome<unknown>>(options: ApiFormOptions<TValues, TOutcome>): UseFormReturn<TValues> & { submit: () => Promise<void> } {
  const form = useForm<TValues>({ resolver: zodResolver(options.schema as never) as never, defaultValues: options.defaultValues, mode: 'onSubmit' });
  const submit = form.handleSubmit(async (values) => {
    const result = await options.call(values);
    if (!result.ok) {
      applyApiErrors(form, result.fields, result.message);
      toast.error(result.message);
      return;
    }
    if (options.success) toast.success(options.success);
    options.onSuccess?.(result.data as Extract<TOutcome, { ok: true }>['data'], values);
  });
  return Object.assign(form, { submit });
}

/** The API's `error.fields` onto the form's fields; anything else as the form's root error. */
export function applyApiErrors<T extends FieldValues>(form: UseFormReturn<T>, fields: Array<{ path: string; message: string }>, message: string): void {
  const known = new Set(Object.keys(form.getValues()));
  let placed = false;
  for (const field of fields) {
    const top = field.path.split('.')[0] ?? '';
    if (known.has(top)) {
      form.setError(field.path as Path<T>, { type: 'server', message: field.message });
      placed = true;
    }
  }
  if (!placed) form.setError('root.server' as Path<T>, { type: 'server', message });
}
