// The account's own settings (GET/PUT /api/account): request body, view and response.
import { z } from 'zod';
import { dataResponse } from '../core/openapi-shapes';
import { changesOneOf } from '../core/changes-one-of';

export const ZUpdateAccountRequestSchema = z
  .strictObject({
    name: z.string({ error: 'name must be a string' }).trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters').optional(),
    require_mfa: z
      .boolean({ error: 'require_mfa must be a boolean' })
      .optional()
      .meta({ description: 'When true, members without MFA get 403 `mfa_enrollment_required` from every management route until they enrol (POST /user/settings/mfa). Only an owner who has MFA on may turn it on.' }),
  })
  .refine(...changesOneOf('name', 'require_mfa'));
export type TUpdateAccountRequest = z.infer<typeof ZUpdateAccountRequestSchema>;

export const ZAccountView = z
  .object({
    id: z.string(),
    name: z.string(),
    require_mfa: z.boolean().meta({ description: 'Members must turn MFA on before any management route answers them.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Account' });

export const ZAccountResponse = dataResponse('AccountResponse', ZAccountView);
