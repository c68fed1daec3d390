// The merchant form's values and their translation to the API's body. Field names follow the API's paths
// (`processor.url`, `processor.success.path`, …) so the API's field errors land on the matching inputs;
// headers are key/value rows here and an object in the API; a json body is typed as JSON text.
import type { FieldErrors } from 'react-hook-form';
import type { ApiInput } from '../../ui/api-client';

export type HeaderRow = { name: string; value: string };
export type MerchantFormValues = {
  name: string;
  processor: {
    type: 'sandbox' | 'http';
    url: string;
    method: 'POST' | 'PUT' | 'PATCH';
    headers: HeaderRow[];
    format: 'json' | 'form' | 'xml';
    body: string;
    success: { path: string; equals: string };
    transaction_id_path: string;
    decline_message_path: string;
  };
};

/** The API's `processor` as create and update take it (their definitions' schema). */
export type ProcessorInput = ApiInput<'createMerchant'>['body']['processor'];

/** What the API shows of a merchant's processor (header values "********"). */
export type ProcessorView =
  | { type: 'sandbox' }
  | { type: 'http'; url: string; method?: string; headers?: Record<string, string>; format?: string; body: unknown; success?: { path: string; equals: unknown }; transaction_id_path: string; decline_message_path?: string };

const EXAMPLE_BODY = { amount: '${amountMinor}', currency: '${currency}', reference: '${sessionId}', card: { number: '${cardNumber}', exp_month: '${expirationMonth}', exp_year: '${expirationYear}', cvc: '${cvv}' } };

export function formValuesOf(name: string, processor: ProcessorView | null, production: boolean): MerchantFormValues {
  const http = processor?.type === 'http' ? processor : null;
  return {
    name,
    processor: {
      type: processor?.type ?? (production ? 'http' : 'sandbox'),
      url: http?.url ?? '',
      method: (http?.method as MerchantFormValues['processor']['method']) ?? 'POST',
      // Shown masked; sending "********" back keeps the stored value.
      headers: Object.entries(http?.headers ?? {}).map(([header, value]) => ({ name: header, value })),
      format: (http?.format as MerchantFormValues['processor']['format']) ?? 'json',
      body: http ? (typeof http.body === 'string' ? http.body : JSON.stringify(http.body, null, 2)) : JSON.stringify(EXAMPLE_BODY, null, 2),
      success: { path: http?.success?.path ?? '', equals: http?.success ? String(http.success.equals) : '' },
      transaction_id_path: http?.transaction_id_path ?? '',
      decline_message_path: http?.decline_message_path ?? '',
    },
  };
}

/** The API's `processor`, or a message for the body field when a json body is not JSON. */
export function processorBody(values: MerchantFormValues['processor']): { processor: ProcessorInput } | { bodyError: string } {
  if (values.type === 'sandbox') return { processor: { type: 'sandbox' } };
  // JSON.parse's value is sent whatever its shape: the API's own check names a body that is not an object.
  let body = values.body as string | Record<string, unknown>;
  if (values.format === 'json') {
    try {
      body = JSON.parse(values.body);
    } catch {
      return { bodyError: 'body must be valid JSON when format is json' };
    }
  }
  const headers = Object.fromEntries(values.headers.filter((row) => row.name.trim() || row.value).map((row) => [row.name.trim(), row.value]));
  return {
    processor: {
      type: 'http',
      url: values.url.trim(),
      method: values.method,
      ...(Object.keys(headers).length ? { headers } : {}),
      format: values.format,
      body,
      ...(values.success.path.trim() ? { success: { path: values.success.path.trim(), equals: values.success.equals } } : {}),
      transaction_id_path: values.transaction_id_path.trim(),
      ...(values.decline_message_path.trim() ? { decline_message_path: values.decline_message_path.trim() } : {}),
    },
  };
}

/** Every message under a (nested) field error: the API names e.g. `processor.headers.<name>` or `processor.body.card.number`. */
export function messagesUnder(error: unknown): string | undefined {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) found.push(message);
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message') walk(child);
  };
  walk(error);
  return found.length ? [...new Set(found)].join(' ') : undefined;
}

export type MerchantFormErrors = FieldErrors<MerchantFormValues>;
