// Schemas of the /api/user/sessions routes (the signed-in user's own sign-in sessions).
import { z } from 'zod';
import { flatResponse } from '../../core/openapi-shapes';

export const ZUserSessionView = z
  .object({
    id: z.string(),
    ip: z.string().nullable().meta({ description: 'The client address at sign-in.' }),
    user_agent: z.string().nullable().meta({ description: 'The User-Agent at sign-in (first 256 characters).' }),
    created_at: z.iso.datetime(),
    last_seen_at: z.iso.datetime().meta({ description: 'Last request (updated at most every few seconds).' }),
    expires_at: z.iso.datetime().meta({ description: 'Absolute expiry; inactivity (SESSION_IDLE_TIMEOUT_SECONDS) ends it sooner.' }),
    current: z.boolean().meta({ description: 'The session of this request.' }),
  })
  .meta({ id: 'UserSession' });

export const ZSuccessResponse = flatResponse('SuccessResponse', {});
export const ZRevokedSessionsResponse = flatResponse('RevokedSessionsResponse', { revoked: z.number().int().meta({ description: 'Sessions revoked.' }) });
