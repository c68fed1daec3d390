// Request bodies of the project routes and of POST /internal/provision, shared with the dashboard forms.
import { z } from 'zod';

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
