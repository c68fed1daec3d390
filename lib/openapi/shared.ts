// Building blocks shared by the path registrations: JSON bodies, error responses, security requirements.
import type { ZodType } from 'zod';
import { ZErrorResponseSchema } from './responses';

export const json = (schema: ZodType) => ({ content: { 'application/json': { schema } } });
export const error = (description: string) => ({ description, ...json(ZErrorResponseSchema) });

export const bodyErrors = {
  400: error('`validation_error` with the failing `fields`, or malformed JSON (`invalid_json`).'),
  413: error('Body larger than 1 MiB.'),
  415: error('Content-Type is not JSON.'),
};

/** A dashboard session: `Authorization: Bearer <JWT>` or the `vault_session` cookie (either one). */
export const sessionSecurity: { security: Record<string, string[]>[] } = { security: [{ SessionAuth: [] }, { SessionCookie: [] }] };

export const sessionErrors = {
  401: error('`unauthorized` (`Authentication required`): no session, or the session JWT is invalid, expired, revoked or idle too long.'),
  503: error('Database or store unreachable: fails closed.'),
};
/** Session errors of owner/admin-only routes. */
export const managerErrors = {
  ...sessionErrors,
  403: error('`Insufficient permissions`: the signed-in user is not an owner or admin.'),
};

export const MANAGERS_ONLY = 'Only the **owner** and **admin** roles may call this; other roles get 403. Every attempt (refusals included) is written to the audit log.';
export const ANY_ROLE = 'Any role of the account (owner, admin, developer, viewer).';
export const OTHER_ACCOUNT_404 = "Resources of another account answer 404, exactly like ones that do not exist.";
