// GET /api/audit-logs/verify — check the account's links of the audit hash chain; the first broken row, if any.
import { sealAuditLog, verifyAccountAuditChain } from '../../audit/audit-chain';
import { AUDIT_VERIFY_LIMIT, auditedRead, limitAuditVerify } from '../../audit/audit-reads';
import { ZAuditVerifyResponse } from '../../audit/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../../http/session-route';
import { error, ok } from '../../openapi/shared';
import { retryAfter } from '../auth/docs';
import { AUDITED_READ } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/audit-logs/verify',
  operationId: 'verifyAuditLogs',
  tags: ['Audit logs'],
  summary: 'Verify the account\'s links of the audit hash chain',
  description: [
    'Owner and admin only (others 403). Checks the rows the account sees in the listing (its projects\' and its users\' rows) that are sealed:',
    'each row\'s own hash recomputes from its content, and its `prev_hash` equals the stored hash of the row before it in the chain.',
    'That row may belong to another account: its hash is only compared, nothing of it is returned, and another account\'s edited row does not make this verification fail.',
    '`checked` counts the account\'s rows; `first_broken_id` is one of them.',
    'The whole installation\'s chain (every account, removed rows, order) is checked by the operator with `npx vault audit verify`.',
    `At most ${AUDIT_VERIFY_LIMIT} verifications per account per minute; beyond that 429 \`rate_limited\` with \`Retry-After\`.`,
    AUDITED_READ('audit.verify'),
  ].join(' '),
  auth: sessionAuth({ roles: ['owner', 'admin'] }),
  responses: {
    200: ok('Verification result.', ZAuditVerifyResponse),
    429: { ...error(`\`Too many requests\`: more than ${AUDIT_VERIFY_LIMIT} verifications by this account in a minute.`), headers: retryAfter },
  },
  handler: (call) =>
    auditedRead(call, 'audit.verify', async () => {
      await limitAuditVerify(call.runtime, call.user.accountId);
      await sealAuditLog(call.runtime);
      const { valid, checked, first_broken_id } = await verifyAccountAuditChain(call.runtime, call.user.accountId);
      return call.json(200, { success: true, valid, checked, first_broken_id });
    }),
});
