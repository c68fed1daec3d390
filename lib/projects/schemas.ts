// Request bodies of the project routes and of POST /internal/provision (shared with the dashboard forms),
// and their responses.
import { z } from 'zod';
import { ZApplicationPermissionsView } from '../applications/schemas';
import { dataResponse } from '../openapi/shared';

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters');

export const ZCreateProjectRequestSchema = z.strictObject({
  name,
  production: z.boolean({ error: 'production must be a boolean' }).optional(),
});
export type TCreateProjectRequest = z.infer<typeof ZCreateProjectRequestSchema>;

export const ZUpdateProjectRequestSchema = z
  .strictObject({
    name: name.optional(),
    rotate_pub_key: z.boolean({ error: 'rotate_pub_key must be a boolean' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.rotate_pub_key === true, { message: 'name or rotate_pub_key is required' });
export type TUpdateProjectRequest = z.infer<typeof ZUpdateProjectRequestSchema>;

/** POST /internal/provision: the same fields as creating a project. */
export const ZProvisionRequestSchema = ZCreateProjectRequestSchema;
export type TProvisionRequest = z.infer<typeof ZProvisionRequestSchema>;

// Responses

/** A project as every project route shows it (presentProject): the pub key of a production project only. */
export const ZProjectView = z
  .object({
    id: z.string(),
    name: z.string(),
    environment: z.enum(['test', 'production']),
    production: z.boolean(),
    created_at: z.iso.datetime(),
    pub_key: z.string().optional().meta({ description: 'Production projects only (publishable).' }),
  })
  .meta({ id: 'Project' });

export const ZProjectResponse = dataResponse('ProjectResponse', ZProjectView);

export const ZProvisionResponse = dataResponse(
  'ProvisionResponse',
  z.object({
    project: z.object({ id: z.string(), name: z.string(), environment: z.enum(['test', 'production']), created_at: z.iso.datetime() }),
    application: z.object({ id: z.string(), name: z.string(), permissions: ZApplicationPermissionsView }),
    api_key: z.string().meta({ description: 'Shown this once.' }),
    pub_key: z.string().optional().meta({ description: 'Production projects only.' }),
  }),
);
