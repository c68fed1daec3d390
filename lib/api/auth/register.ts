// POST /auth/register — with a registration ticket: a new account, its owner and its test project.
import { recordAudit } from '../../audit/record-audit';
import { assertCanRegister, registerAccount } from '../../accounts/register-account';
import { takeRegistrationTicket } from '../../auth/email-verification';
import { ZRegisterRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZRegisterRequestSchema.parse(parseJsonRequest(call.request, call.body));
  await assertCanRegister(call.runtime, input);
  await takeRegistrationTicket(call.runtime, input);
  const { account, user, project } = await registerAccount(call.runtime, { email: input.email, password: input.password, name: input.name, accountName: input.account_name });
  await recordAudit(call.runtime, { action: 'auth.register', outcome: 'success', statusCode: 201, requestId: call.requestId, userId: user.id, projectId: project.id, ip: call.ip });
  return call.json(201, {
    success: true,
    user: { id: user.id, email: user.email, name: user.name, role: user.role, account_id: account.id },
    account: { id: account.id, name: account.name, created_at: account.createdAt.toISOString() },
    project: { id: project.id, name: project.name, environment: project.environment },
  });
});
