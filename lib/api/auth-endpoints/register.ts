// POST /auth/register — with a registration ticket: a new account, its owner and its test project.
import { z } from 'zod';
import { recordAudit } from '../../audit/record-audit';
import { assertRegistrationPassword, registerAccount } from '../../accounts/register-account';
import { checkRegistrationTicket, takeRegistrationTicket } from '../../auth/email-verification';
import { assertRegistrationOpen, limitRegistrationAttempt } from '../../auth/registration-gate';
import { ZRegisterRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../auth/session-route';
import { error, flatResponse, json, ok } from '../../core/openapi-shapes';
import { passwordRejected, REGISTRATION_LIMITS, registrationDoor } from './docs';

const ZRegisterResponse = flatResponse('RegisterResponse', {
  user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.enum(['owner', 'admin', 'developer', 'viewer']), account_id: z.string() }),
  account: z.object({ id: z.string(), name: z.string(), created_at: z.iso.datetime() }),
  project: z.object({ id: z.string(), name: z.string(), environment: z.enum(['test', 'production']) }),
});

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/register',
  operationId: 'register',
  tags: ['Auth'],
  summary: 'Create an account with its owner and a test project',
  description: `Needs the \`ticket\` from POST /auth/verify-email-code for the same email. The ticket is checked first, before anything about the email; the password policy next (a refused password leaves the ticket usable); then the ticket is used up. ${REGISTRATION_LIMITS}`,
  auth: publicAuth(),
  request: { body: json(ZRegisterRequestSchema) },
  responses: {
    201: ok('Registered.', ZRegisterResponse),
    409: error('`conflict`: an account with this email was created since its ticket was issued (only the holder of a valid ticket for that email can see this).'),
    400: error(`\`validation_error\`, \`invalid_json\`, an invalid, used or other email's ticket (\`invalid_token\`), ${passwordRejected}.`),
    ...registrationDoor,
  },
  handler: async (call) => {
    assertRegistrationOpen(call.runtime);
    const input = call.input.body();
    await limitRegistrationAttempt(call.runtime, { ip: call.ip, email: input.email });
    await checkRegistrationTicket(call.runtime, input);
    await assertRegistrationPassword(input);
    await takeRegistrationTicket(call.runtime, input);
    const { account, user, project } = await registerAccount(call.runtime, { email: input.email, password: input.password, name: input.name, accountName: input.account_name });
    await recordAudit(call.runtime, { action: 'auth.register', outcome: 'success', statusCode: 201, requestId: call.requestId, accountId: account.id, userId: user.id, projectId: project.id, ip: call.ip });
    return call.json(201, {
      success: true,
      user: { id: user.id, email: user.email, name: user.name, role: user.role, account_id: account.id },
      account: { id: account.id, name: account.name, created_at: account.createdAt.toISOString() },
      project: { id: project.id, name: project.name, environment: project.environment },
    });
  },
});
