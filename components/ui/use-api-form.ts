'use client';
// react-hook-form on the API's own zod schema, submitted through the API: the API's field errors land
// next to the fields they name, other refusals above the form, and the outcome is toasted.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { callApi, type ApiResult } from './api-client';
import { toast } from './toast';

type Method = 'POST' | 'PUT' | 'DELETE';

export type ApiFormOptions<TValues extends FieldValues, TResult> = {
  schema: z.ZodType<TValues, any>;
  defaultValues: DefaultValues<TValues>;
  request: (values: TValues) => { method: Method; path: string; body?: unknown };
  success?: string;
  onSuccess?: (result: TResult, values: TValues) => void;
};

export function useApiForm<TValues extends FieldValues, TResult = unknown>(options: ApiFormOptions<TValues, TResult>): UseFormReturn<TValues> & { submit: () => Promise<void> } {
  const form = useForm<TValues>({ resolver: zodResolver(options.schema as never) as never, defaultValues: options.defaultValues, mode: 'onSubmit' });
  const submit = form.handleSubmit(async (values) => {
    const { method, path, body } = options.request(values);
    const result: ApiResult<TResult> = await callApi<TResult>(method, path, body);
    if (!result.ok) {
      applyApiErrors(form, result.fields, result.message);
      toast.error(result.message);
      return;
    }
    if (options.success) toast.success(options.success);
    options.onSuccess?.(result.data, values);
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
