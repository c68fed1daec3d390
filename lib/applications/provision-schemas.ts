// POST /internal/provision: its request (a project's fields and the new application's permissions) and answer.
import { z } from 'zod';
import { dataResponse } from '../core/openapi-shapes';
import { ZCreateProjectRequestSchema } from '../projects/name-schemas';
import { ZApplicationPermissionsView, ZProvisionPermissionsSchema } from './schemas';

/** POST /internal/provision: the same fields as creating a project, and the new application's permissions. */
export const ZProvisionRequestSchema = ZCreateProjectRequestSchema.extend({ permissions: ZProvisionPermissionsSchema.optional() });
export type TProvisionRequest = z.infer<typeof ZProvisionRequestSchema>;

export const ZProvisionResponse = dataResponse(
  'ProvisionResponse',
  z.object({
    project: z.object({ id: z.string(), name: z.string(), environment: z.enum(['test', 'production']), created_at: z.iso.datetime() }),
    application: z.object({ id: z.string(), name: z.string(), permissions: ZApplicationPermissionsView }),
    api_key: z.string().meta({ description: 'Shown this once.' }),
    pub_key: z.string().optional().meta({ description: 'Production projects only.' }),
  }),
);
