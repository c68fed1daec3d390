// Request bodies of the member routes, shared with the dashboard forms, and the member view of their responses.
import { z } from 'zod';
import { dataResponse } from '../core/openapi-shapes';
import { changesOneOf } from '../core/changes-one-of';

const role = z.enum(['owner', 'admin', 'developer', 'viewer'], { error: 'role must be owner, admin, developer or viewer' });
const name = z.string({ error: 'name must be a string' }).trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters');

export const ZInviteMemberRequestSchema = z.strictObject({
  email: z.email({ error: 'email must be an email address' }).max(254, 'email is too long'),
  role,
  name: name.optional(),
});
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequestSchema>;

export const ZUpdateMemberRequestSchema = z
  .strictObject({ role: role.optional(), name: name.optional() })
  .refine(...changesOneOf('role', 'name'));
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequestSchema>;

// Responses

/** A member (a user of the account) as the member routes show it (presentMember): never a secret. */
export const ZMemberView = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(['owner', 'admin', 'developer', 'viewer']),
    mfa_enabled: z.boolean().meta({ description: 'Whether the user has turned on two-factor authentication.' }),
    status: z
      .enum(['active', 'invited'])
      .meta({ description: '`invited`: invited by mail and has not chosen a password yet (the invitation is pending, even when its link expired); `active` otherwise.' }),
    invited_at: z.iso.datetime().nullable().meta({ description: 'When the latest invitation mail was sent; null for members who were never invited.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Member' });

export const ZMemberResponse = dataResponse('MemberResponse', ZMemberView);
