// POST /auth/send-verification-code — mail a 6-digit code (10 minutes, 5 tries) to start a registration;
// the same answer for an email that has an account (its owner is mailed that someone tried).
import { z } from 'zod';
import { sendVerificationCode } from '../../auth/email-verification';
import { assertRegistrationOpen, limitRegistrationAttempt } from '../../auth/registration-gate';
import { ZSendVerificationCodeRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../auth/session-route';
import { flatResponse, json, ok } from '../../core/openapi-shapes';
import { REGISTRATION_LIMITS, registrationDoor } from './docs';

const ZVerificationCodeSentResponse = flatResponse('VerificationCodeSentResponse', {
  message: z.string().meta({ description: '`Verification code sent`.' }),
  expires_in_seconds: z.number().int().meta({ description: 'How long the code is valid (600).' }),
});

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/send-verification-code',
  operationId: 'sendVerificationCode',
  tags: ['Auth'],
  summary: 'Mail a registration code',
  description: `A 6-digit code, valid 10 minutes, 5 tries. The answer is the same for every email: an email that already has an account is sent no code but a mail telling its owner that someone tried to register with it. ${REGISTRATION_LIMITS}`,
  auth: publicAuth(),
  request: { body: json(ZSendVerificationCodeRequestSchema) },
  responses: { 200: ok('`Verification code sent` (also for an email that has an account).', ZVerificationCodeSentResponse), ...registrationDoor },
  handler: async (call) => {
    assertRegistrationOpen(call.runtime);
    const { email } = call.input.body();
    await limitRegistrationAttempt(call.runtime, { ip: call.ip, email });
    await sendVerificationCode(call.runtime, email);
    return call.json(200, { success: true, message: 'Verification code sent', expires_in_seconds: 600 });
  },
});
