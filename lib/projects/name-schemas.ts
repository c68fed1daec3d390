// The project request schemas that need no server module (no node: imports), so the dashboard's forms load
// them in the browser: creating a project (optionally with its token settings, token-settings-schemas.ts),
// and renaming one (a PUT /api/projects/{id} body with only `name`, which ZUpdateProjectRequestSchema
// accepts as it is). lib/projects/schemas.ts builds on these.
import { z } from 'zod';
import { tokenSettingsFields } from './token-settings-schemas';

export const projectName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters');

export const ZCreateProjectRequestSchema = z.strictObject({
  name: projectName,
  production: z.boolean({ error: 'production must be a boolean' }).optional(),
  ...tokenSettingsFields,
});
export type TCreateProjectRequest = z.infer<typeof ZCreateProjectRequestSchema>;

/** PUT /api/projects/{id} as the rename form sends it. */
export const ZRenameProjectRequestSchema = z.strictObject({ name: projectName });
export type TRenameProjectRequest = z.infer<typeof ZRenameProjectRequestSchema>;
