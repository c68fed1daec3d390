// POST /auth/send-verification-code — mail a 6-digit code (10 minutes, 5 tries) to start a registration.
import { z } from 'zod';
import { limitLoginAttempt } from '../../auth/login-limits';
import { sendVerificationCode } from '../../auth/email-verification';
import { ZSendVerificationCodeRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../../http/session-route';
import { flatResponse, json, ok } from '../../openapi/shared';
import { LIMITS, rateLimited } from './docs';

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
  description: `A 6-digit code, valid 10 minutes, 5 tries. ${LIMITS}`,
  auth: publicAuth(),
  request: { body: json(ZSendVerificationCodeRequestSchema) },
  responses: { 200: ok('`Verification code sent`.', ZVerificationCodeSentResponse), ...rateLimited },
  handler: async (call) => {
    const { email } = call.input.body();
    await limitLoginAttempt(call.runtime, { ip: call.ip, account: email });
    await sendVerificationCode(call.runtime, email);
    return call.json(200, { success: true, message: 'Verification code sent', expires_in_seconds: 600 });
  },
});
