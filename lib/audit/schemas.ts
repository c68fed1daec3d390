// Responses of the audit-log routes: a row as presentAuditRow shapes it, and the chain verification.
import { z } from 'zod';
import { flatResponse } from '../core/openapi-shapes';

// Responses
export const ZAuditLogView = z
  .object({
    id: z.string(),
    action: z.string().meta({ example: 'tokenize' }),
    outcome: z.enum(['success', 'failure']),
    status_code: z.number().int(),
    actor: z
      .union([
        z.object({
          type: z.literal('user'),
          id: z.string(),
          application_id: z.string().nullable().meta({ description: 'The application of the API key the user called through (hybrid calls); null otherwise.' }),
        }),
        z.object({ type: z.literal('application'), id: z.string() }),
        z.object({ type: z.literal('operator') }),
      ])
      .nullable()
      .meta({
        description:
          'Who acted: a user or an application (API key); `operator` for what an operator did with the `vault` command line (`user.*_by_operator`: the user acted on is `resource`); null when none is known (e.g. an invalid API key).',
      }),
    project_id: z.string().nullable(),
    token_id: z.string().nullable(),
    resource: z.string().nullable().meta({
      description: 'What the action touched, as `type:id`: `user:<id>` (member changes), `application:<id>`, `project:<id>`, `merchant:<id>`, `checkout_session:<id>`, or `route:METHOD /path` for a call refused for its role. Some actions add names after a space, never values: `token:<id> fields=expires_at,metadata.plan` (`token.update`: the fields that changed), `project:<id> tokens=<n> by=expires_at` (`token.expire`, the expiry job, per batch) and `project:<id> tokens=<n> before=<day>` (`vault tokens purge`).',
    }),
    ip: z.string().nullable(),
    request_id: z.string(),
    created_at: z.iso.datetime(),
    sealed: z.boolean().meta({ description: 'Whether the row is already sealed into the audit chain.' }),
  })
  .meta({ id: 'AuditLog' });

export const ZAuditVerifyResponse = flatResponse('AuditVerifyResponse', {
  valid: z.boolean(),
  checked: z.number().int().meta({ description: 'The account\'s sealed rows checked (the rows the listing shows it).' }),
  first_broken_id: z.string().nullable().meta({ description: 'The first of the account\'s rows that its seal does not list with a matching MAC (or whose seal does not verify, or that the vault did not write); null when all match.' }),
  reason: z.string().nullable().meta({
    description: 'Why it is not valid (e.g. `not written by the vault: <id>`, `checkpoint seal <n> is missing or changed: the chain was cut`); null when valid.',
  }),
});
