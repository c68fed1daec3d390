// Building blocks of the route definitions' documentation: JSON bodies, success and error responses, the
// errors every route of a kind shares, and the sentences that describe roles. Generic, so a definition's
// response schemas reach its handler's `call.json` with their types (lib/http/define-route.ts).
import { z, type ZodType } from 'zod';

export const ZErrorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().meta({ description: 'Stable machine-readable code, e.g. `validation_error`, `invalid_api_key`, `token_not_found`.' }),
      message: z.string().meta({ description: 'Human-readable message; the spec\'s texts are used verbatim.' }),
      fields: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'For `validation_error`: each failing field (dotted path) and why. Never echoes the value.' }),
    }),
    request_id: z.string().meta({ description: 'Equals the X-Request-Id response header.' }),
  })
  .meta({ id: 'Error' });

export const ZMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'MessageResponse' });

export const json = <S extends ZodType>(schema: S) => ({ content: { 'application/json': { schema } } });
/** A JSON response: its description and schema. */
export const ok = <S extends ZodType>(description: string, schema: S) => ({ description, ...json(schema) });
/** `{success:true, message}`. */
export const message = (description: string) => ok(description, ZMessageResponseSchema);
export const error = (description: string) => ok(description, ZErrorResponseSchema);

/** `{success:true, data:…}`. */
export const dataResponse = <D extends ZodType>(id: string, data: D) => z.object({ success: z.literal(true), data }).meta({ id });
/** `{success:true, data:[…], next_cursor}`. */
export const pageResponse = <I extends ZodType>(id: string, item: I) =>
  z
    .object({ success: z.literal(true), data: z.array(item), next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }) })
    .meta({ id });
/** A `{success:true, …fields}` object (no `data` wrapper). */
export const flatResponse = <Shape extends z.ZodRawShape>(id: string, shape: Shape) => z.object({ success: z.literal(true), ...shape }).meta({ id });

export const bodyErrors = {
  400: error('`validation_error` with the failing `fields` (also any string holding U+0000), or malformed JSON (`invalid_json`).'),
  413: error('Body larger than 1 MiB.'),
  415: error('Content-Type is not JSON.'),
};

/** 503: every route but liveness and readiness needs the database and the store. */
export const unavailable = error('Database or store unreachable, or the in-process store full (MEMORY_STORE_MAX_ENTRIES): fails closed.');

export const MANAGERS_ONLY = 'Only the **owner** and **admin** roles may call this; other roles get 403. Every attempt (refusals included) is written to the audit log.';
export const ANY_ROLE = 'Any role of the account (owner, admin, developer, viewer).';
export const OTHER_ACCOUNT_404 = "Resources of another account answer 404, exactly like ones that do not exist.";

/** A rotated key: the new one (as `keyField`), shown this once, its prefix, and when the old one stops working. */
export const rotatedKeyView = <K extends string>(id: string, keyField: K, keyDescription: string) =>
  z
    .object({
      id: z.string(),
      ...({ [keyField]: z.string().meta({ description: keyDescription }) } as { [P in K]: z.ZodString }),
      key_prefix: z.string(),
      previous_key_expires_at: z.iso.datetime().nullable().meta({ description: 'When the old key stops working; null when it stopped at once (grace period 0).' }),
    })
    .meta({ id });

/** `{id}` path parameter. */
export const idParam = (what: string) => z.object({ id: z.string().meta({ description: `${what} id.` }) });

/** What any request can get before it reaches a handler; documented where a route has no 4xx of its own. */
export const malformedRequest = {
  400: { description: 'Malformed HTTP request (request line or headers): refused by the server before any handler, with no body.' },
};
