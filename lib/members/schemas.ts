// Request bodies of the member routes, shared with the dashboard forms.
import { z } from 'zod';

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
  .refine((body) => body.role !== undefined || body.name !== undefined, { message: 'role or name is required' });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequestSchema>;
