// Response schemas of the management and auth routes: documentation of what those handlers return.
import { z } from 'zod';

/** `{success:true, data:…}`. */
export const dataResponse = (id: string, data: z.ZodType) => z.object({ success: z.literal(true), data }).meta({ id });
/** `{success:true, data:[…], next_cursor}`. */
export const pageResponse = (id: string, item: z.ZodType) =>
  z
    .object({ success: z.literal(true), data: z.array(item), next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }) })
    .meta({ id });

const permissions = z.object({ tokenization: z.object({ allowed: z.boolean() }), provisioning: z.object({ allowed: z.boolean() }) });

export const ZApplicationView = z
  .object({
    id: z.string(),
    name: z.string(),
    project_id: z.string(),
    permissions,
    key_prefix: z.string().meta({ description: 'The first characters of the key; never the key itself.' }),
    last_used_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Application' });

export const ZCreatedApplication = z
  .object({
    id: z.string(),
    name: z.string(),
    api_key: z.string().meta({ description: 'Shown this once; only a hash is stored.' }),
    permissions,
    created_at: z.iso.datetime(),
    project_id: z.string(),
  })
  .meta({ id: 'CreatedApplication' });

export const ZRotatedKey = z
  .object({
    id: z.string(),
    api_key: z.string().meta({ description: 'The new key, shown this once.' }),
    key_prefix: z.string(),
    previous_key_expires_at: z.iso.datetime().nullable().meta({ description: 'When the old key stops working; null when it stopped at once (grace period 0).' }),
  })
  .meta({ id: 'RotatedKey' });

export const ZProjectView = z
  .object({
    id: z.string(),
    name: z.string(),
    environment: z.enum(['test', 'production']),
    production: z.boolean(),
    created_at: z.iso.datetime(),
    pub_key: z.string().optional().meta({ description: 'Production projects only (publishable).' }),
  })
  .loose()
  .meta({ id: 'Project' });

export const ZMemberView = z
  .object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.enum(['owner', 'admin', 'developer', 'viewer']) })
  .loose()
  .meta({ id: 'Member' });

export const ZTokenView = z
  .object({
    token: z.string(),
    type: z.enum(['card', 'bank']),
    mask: z.string(),
    bin: z.string().nullable(),
    last4: z.string(),
    brand: z.string().nullable(),
    fingerprint: z.string(),
    test_mode: z.boolean(),
  })
  .loose()
  .meta({ id: 'TokenView', description: 'Display-safe fields only; never decrypted data.' });

export const ZAuditLogView = z
  .object({
    id: z.string(),
    action: z.string(),
    outcome: z.enum(['success', 'failure']),
    status_code: z.number().int(),
    actor: z.object({ type: z.enum(['user', 'application']), id: z.string(), application_id: z.string().nullable().optional() }).nullable(),
    project_id: z.string().nullable(),
    token_id: z.string().nullable(),
    resource: z.string().nullable().meta({
      description: 'What the action touched, as `type:id`: `user:<id>` (member changes), `application:<id>`, `project:<id>`, `merchant:<id>`, or `route:METHOD /path` for a call refused for its role.',
    }),
    ip: z.string().nullable(),
    request_id: z.string(),
    created_at: z.iso.datetime(),
    sealed: z.boolean().meta({ description: 'Whether the row is already part of the hash chain.' }),
  })
  .meta({ id: 'AuditLog' });

export const ZAuditVerifyResponse = z
  .object({ success: z.literal(true), valid: z.boolean(), checked: z.number().int(), first_broken_id: z.string().nullable() })
  .meta({ id: 'AuditVerifyResponse' });

export const ZProvisionResponse = dataResponse(
  'ProvisionResponse',
  z.object({
    project: z.object({ id: z.string(), name: z.string(), environment: z.enum(['test', 'production']), created_at: z.iso.datetime() }),
    application: z.object({ id: z.string(), name: z.string(), permissions }),
    api_key: z.string().meta({ description: 'Shown this once.' }),
    pub_key: z.string().optional().meta({ description: 'Production projects only.' }),
  }),
);

export const ZPublicUser = z
  .object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.enum(['owner', 'admin', 'developer', 'viewer']), account_id: z.string(), mfa_enabled: z.boolean() })
  .meta({ id: 'User' });

export const ZSessionResponse = z
  .object({ success: z.literal(true), token: z.string().meta({ description: 'Session JWT; also set as the `vault_session` HttpOnly cookie.' }), expires_at: z.iso.datetime(), user: ZPublicUser })
  .meta({ id: 'SessionResponse' });

export const ZLoginResponse = z
  .union([
    ZSessionResponse,
    z.object({ success: z.literal(true), mfa_required: z.literal(true), mfa_token: z.string().meta({ description: 'Pass to /auth/mfa/verify or /auth/mfa/verify-backup.' }) }),
  ])
  .meta({ id: 'LoginResponse' });

export const ZPasswordExpiredResponse = z
  .object({
    success: z.literal(false),
    error: z.object({ code: z.literal('password_expired'), message: z.string() }),
    password_expired: z.literal(true),
    reset_token: z.string().meta({ description: 'Pass as `token` to POST /auth/reset-expired-password (single use, valid 1 hour).' }),
    request_id: z.string(),
  })
  .meta({ id: 'PasswordExpiredResponse' });

/** A `{success:true, …fields}` object (no `data` wrapper). */
export const flatResponse = (id: string, shape: z.ZodRawShape) => z.object({ success: z.literal(true), ...shape }).meta({ id });
