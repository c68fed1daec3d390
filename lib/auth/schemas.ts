import { z } from 'zod';

export const ZLoginRequestSchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254, 'email is too long'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024, 'password is too long'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;
