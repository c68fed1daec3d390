// Request bodies of the project routes (shared with the dashboard forms), and their responses.
import { z } from 'zod';
import { dataResponse } from '../core/openapi-shapes';
import {
  ALLOWED_PROXY_HOST_RULE,
  MAX_ALLOWED_PROXY_HOST_LENGTH,
  MAX_ALLOWED_PROXY_HOSTS,
  normaliseProxyHostEntry,
} from '../outbound/proxy-host-allow-list';
import { projectName as name, ZCreateProjectRequestSchema } from './name-schemas';
import { tokenSettingsFields } from './token-settings-schemas';

// Create and the project name live where the browser can load them (this file imports node:net through
// the allow-list rules).
export { ZCreateProjectRequestSchema, type TCreateProjectRequest } from './name-schemas';

/** One allow-list entry, stored normalised (lower case, punycode, no trailing dot, no `:443`). */
const allowedProxyHost = z
  .string({ error: 'allowed_proxy_hosts entries must be strings' })
  .max(MAX_ALLOWED_PROXY_HOST_LENGTH, `allowed_proxy_hosts entries must be at most ${MAX_ALLOWED_PROXY_HOST_LENGTH} characters`)
  .transform((entry, ctx) => {
    const normalised = normaliseProxyHostEntry(entry);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: `must be ${ALLOWED_PROXY_HOST_RULE}` });
      return z.NEVER;
    }
    return normalised;
  });

/** PUT /api/projects/{id} `allowed_proxy_hosts`: the list (duplicates dropped), or null for any public host. */
export const ZAllowedProxyHostsSchema = z
  .array(allowedProxyHost, { error: 'allowed_proxy_hosts must be an array of host names, or null' })
  .max(MAX_ALLOWED_PROXY_HOSTS, `allowed_proxy_hosts may hold at most ${MAX_ALLOWED_PROXY_HOSTS} entries`)
  .transform((entries) => [...new Set(entries)])
  .nullable()
  .meta({
    description: `Where this project's card data may be sent (POST /proxy/transaction and its merchants' http processors): each entry ${ALLOWED_PROXY_HOST_RULE}; at most ${MAX_ALLOWED_PROXY_HOSTS}. Any other host is refused with 400 \`Invalid proxy URL\` (\`proxy_host_not_allowed\`) before anything connects. \`[]\` allows no host; \`null\` clears the list: no host in a production project, any public host in a test project (none when the server sets PROXY_REQUIRE_ALLOW_LIST=true). Private addresses stay refused unless the operator allow-lists them in PROXY_ALLOWED_PRIVATE_HOSTS: a host must pass both.`,
    example: ['api.psp.example', '*.psp.example', 'gateway.psp.example:8443'],
  });

export const ZUpdateProjectRequestSchema = z
  .strictObject({
    name: name.optional(),
    rotate_pub_key: z.boolean({ error: 'rotate_pub_key must be a boolean' }).optional(),
    allowed_proxy_hosts: ZAllowedProxyHostsSchema.optional(),
    ...tokenSettingsFields,
  })
  .refine(
    (body) =>
      body.name !== undefined ||
      body.rotate_pub_key === true ||
      body.allowed_proxy_hosts !== undefined ||
      body.searchable_metadata_keys !== undefined ||
      body.token_retention_days !== undefined,
    { message: 'name, rotate_pub_key, allowed_proxy_hosts, searchable_metadata_keys or token_retention_days is required' },
  );
export type TUpdateProjectRequest = z.infer<typeof ZUpdateProjectRequestSchema>;

// Responses

/** A project as every project route shows it (presentProject): the pub key of a production project only. */
export const ZProjectView = z
  .object({
    id: z.string(),
    name: z.string(),
    environment: z.enum(['test', 'production']),
    production: z.boolean(),
    allowed_proxy_hosts: z
      .array(z.string())
      .nullable()
      .meta({ description: 'The hosts card data may be sent to (normalised entries); null: any public host (see PUT /api/projects/{id}).' }),
    searchable_metadata_keys: z.array(z.string()).meta({ description: 'The metadata keys searches may filter on (see PUT /api/projects/{id}).' }),
    metadata_keys_indexing: z
      .array(z.string())
      .meta({ description: 'Keys of `searchable_metadata_keys` whose index of existing tokens is still being built: a search filtering on one answers 409 `conflict` until it is done. `[]` normally.' }),
    token_retention_days: z.number().int().nullable().meta({ description: 'Tokens unused for this many days expire; null: kept (see PUT /api/projects/{id}).' }),
    created_at: z.iso.datetime(),
    pub_key: z.string().optional().meta({ description: 'Production projects only (publishable).' }),
  })
  .meta({ id: 'Project' });

export const ZProjectResponse = dataResponse('ProjectResponse', ZProjectView);
