// POST /auth/verify-email-code — the mailed code → a single-use registration ticket.
import { z } from 'zod';
import { verifyEmailCode } from '../../auth/email-verification';
import { assertRegistrationOpen, limitRegistrationAttempt } from '../../auth/registration-gate';
import { ZVerifyEmailCodeRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../auth/session-route';
import { error, flatResponse, json, ok } from '../../core/openapi-shapes';
import { REGISTRATION_LIMITS, registrationDoor } from './docs';

const ZEmailVerifiedResponse = flatResponse('EmailVerifiedResponse', {
  verified: z.literal(true),
  ticket: z.string().meta({ description: 'Pass to POST /auth/register with the same email (single use).' }),
  expires_in_seconds: z.number().int().meta({ description: 'How long the ticket is valid (1800).' }),
});

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/verify-email-code',
  operationId: 'verifyEmailCode',
  tags: ['Auth'],
  summary: 'Exchange the mailed code for a registration ticket',
  description: `The ticket is single-use and valid 30 minutes. ${REGISTRATION_LIMITS}`,
  auth: publicAuth(),
  request: { body: json(ZVerifyEmailCodeRequestSchema) },
  responses: {
    200: ok('Verified.', ZEmailVerifiedResponse),
    401: error('`Invalid or expired verification code` (also for an email that has an account: it is never sent a code).'),
    ...registrationDoor,
  },
  handler: async (call) => {
    assertRegistrationOpen(call.runtime);
    const input = call.input.body();
    await limitRegistrationAttempt(call.runtime, { ip: call.ip, email: input.email });
    const ticket = await verifyEmailCode(call.runtime, input);
    return call.json(200, { success: true, verified: true, ticket, expires_in_seconds: 1800 });
  },
});
