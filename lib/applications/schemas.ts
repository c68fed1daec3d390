// Request schemas of the application management routes (create, update, rotate key, list filter), and the
// views of an application their responses show.
// Messages name the field and the rule, never the value.
import { z } from 'zod';
import { dataResponse, rotatedKeyView } from '../core/openapi-shapes';

export const APPLICATION_NAME_MIN = 3;
export const APPLICATION_NAME_MAX = 50;
/** Longest grace period of a rotated key: one week. */
export const MAX_GRACE_PERIOD_SECONDS = 7 * 24 * 60 * 60;

const typeMessage = (name: string, kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${kind}`;

const objectError = (name: string) => (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' ? typeMessage(name, 'an object')(issue) : undefined;

const nameField = () =>
  z
    .string({ error: typeMessage('name', 'a string') })
    .trim()
    .min(APPLICATION_NAME_MIN, `name must be ${APPLICATION_NAME_MIN} to ${APPLICATION_NAME_MAX} characters`)
    .max(APPLICATION_NAME_MAX, `name must be ${APPLICATION_NAME_MIN} to ${APPLICATION_NAME_MAX} characters`)
    .meta({ description: `Application name, ${APPLICATION_NAME_MIN} to ${APPLICATION_NAME_MAX} characters.`, example: 'Checkout backend' });

/** What `permissions.search` allows (issue 25). */
const SEARCH_PERMISSION = 'May search the project\'s tokens (POST /tokens/search): masked data and metadata, never card data.';

export const permissionField = (name: string) =>
  z.strictObject({ allowed: z.boolean({ error: typeMessage(`${name}.allowed`, 'a boolean') }) }, { error: objectError(name) });

/** POST /internal/provision `permissions`: tokenization (default true) and reveal (default: follows it). */
export const ZProvisionPermissionsSchema = z
  .strictObject(
    {
      tokenization: permissionField('permissions.tokenization').optional().meta({ description: 'Default true.' }),
      detokenize: permissionField('permissions.detokenize')
        .optional()
        .meta({ description: 'May reveal data (POST /detokenize). Default: the value of `tokenization.allowed`; `false` gives a key tokenize and proxy without reveal.' }),
    },
    { error: objectError('permissions') },
  )
  .meta({ description: 'The new application\'s permissions, as on POST /api/applications; `provisioning` cannot be handed on (400). Absent: tokenization and reveal.' });

const projectIdField = () =>
  z.uuid({ error: (issue) => (issue.input === undefined ? 'project_id is required' : 'project_id must be a UUID') });

export const ZCreateApplicationRequestSchema = z.strictObject(
  {
    name: nameField(),
    // `prefault` parses the stand-in `{}` (typed as the input it is not), so a missing object still names
    // the leaf that is required: `permissions.tokenization.allowed`.
    permissions: z
      .strictObject(
        {
          tokenization: permissionField('permissions.tokenization').prefault(() => ({}) as { allowed: boolean }),
          // Absent: follows tokenization.allowed (the spec's tokenization covers detokenize).
          detokenize: permissionField('permissions.detokenize')
            .optional()
            .meta({ description: 'May reveal data (POST /detokenize). Default: the value of `tokenization.allowed`; `false` gives a key tokenize and proxy without reveal.' }),
          provisioning: z
            .strictObject(
              { allowed: z.boolean({ error: typeMessage('permissions.provisioning.allowed', 'a boolean') }).default(false) },
              { error: objectError('permissions.provisioning') },
            )
            .prefault({}),
          search: permissionField('permissions.search').optional().meta({ description: SEARCH_PERMISSION + ' Default false.' }),
        },
        { error: objectError('permissions') },
      )
      .prefault({}),
    project_id: projectIdField().optional(),
  },
  { error: objectError('Request body') },
);
export type TCreateApplicationRequest = z.infer<typeof ZCreateApplicationRequestSchema>;

export const ZUpdateApplicationRequestSchema = z
  .strictObject(
    {
      name: nameField().optional(),
      permissions: z
        .strictObject(
          {
            tokenization: permissionField('permissions.tokenization').optional(),
            detokenize: permissionField('permissions.detokenize')
              .optional()
              .meta({ description: 'May reveal data (POST /detokenize). Absent: unchanged, even when `tokenization` is given (a PUT never grants reveal by accident).' }),
            provisioning: permissionField('permissions.provisioning').optional(),
            search: permissionField('permissions.search').optional().meta({ description: SEARCH_PERMISSION + ' Absent: unchanged.' }),
          },
          { error: objectError('permissions') },
        )
        .optional(),
    },
    { error: objectError('Request body') },
  )
  .refine(
    (body) =>
      body.name !== undefined ||
      body.permissions?.tokenization !== undefined ||
      body.permissions?.detokenize !== undefined ||
      body.permissions?.provisioning !== undefined ||
      body.permissions?.search !== undefined,
    {
      message: 'Provide name or permissions to change',
    },
  );
export type TUpdateApplicationRequest = z.infer<typeof ZUpdateApplicationRequestSchema>;

export const ZRotateApplicationKeyRequestSchema = z.strictObject(
  {
    grace_period_seconds: z
      .number({ error: typeMessage('grace_period_seconds', 'an integer') })
      .int('grace_period_seconds must be an integer')
      .min(0, `grace_period_seconds must be 0 to ${MAX_GRACE_PERIOD_SECONDS}`)
      .max(MAX_GRACE_PERIOD_SECONDS, `grace_period_seconds must be 0 to ${MAX_GRACE_PERIOD_SECONDS}`)
      .default(0),
  },
  { error: objectError('Request body') },
);
export type TRotateApplicationKeyRequest = z.infer<typeof ZRotateApplicationKeyRequestSchema>;

export const ZListApplicationsQuerySchema = z.object({ project_id: projectIdField().optional() });
export type TListApplicationsQuery = z.infer<typeof ZListApplicationsQuerySchema>;

// Responses

/**
 * An application's permissions as every response shows them (the spec's `{tokenization:{allowed}, …}`), with
 * `detokenize`: reveal is its own permission.
 */
export const ZApplicationPermissionsView = z.object({
  tokenization: z.object({ allowed: z.boolean() }).meta({ description: 'May tokenize, proxy, use CVC sessions and test tokens, delete tokens.' }),
  detokenize: z.object({ allowed: z.boolean() }).meta({ description: 'May reveal data (POST /detokenize).' }),
  provisioning: z.object({ allowed: z.boolean() }).meta({ description: 'May create projects (POST /internal/provision).' }),
  search: z.object({ allowed: z.boolean() }).meta({ description: SEARCH_PERMISSION }),
});

/** An application in list, get and update responses (presentApplication): the key's prefix, never the key. */
export const ZApplicationView = z
  .object({
    id: z.string(),
    name: z.string(),
    project_id: z.string(),
    permissions: ZApplicationPermissionsView,
    key_prefix: z.string().meta({ description: 'The first characters of the key; never the key itself.' }),
    last_used_at: z.iso.datetime().nullable(),
    previous_key_expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'While a rotation\'s grace period runs: when the previous key stops working; null otherwise.' }),
    previous_key_uses: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'While a grace period runs: how many calls the previous key authenticated since the rotation (audit rows with `resource` `api_key:previous`); null otherwise.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Application' });

/** A new application: its API key, shown this once (no prefix, last use or previous key yet). */
export const ZCreatedApplication = ZApplicationView.omit({ key_prefix: true, last_used_at: true, previous_key_expires_at: true, previous_key_uses: true })
  .extend({ api_key: z.string().meta({ description: 'Shown this once; only a hash is stored.' }) })
  .meta({ id: 'CreatedApplication' });

/** A rotated key: the new key, shown this once, and when the old one stops working. */
export const ZRotatedKey = rotatedKeyView('RotatedKey', 'api_key', 'The new key, shown this once.');

export const ZApplicationResponse = dataResponse('ApplicationResponse', ZApplicationView);
