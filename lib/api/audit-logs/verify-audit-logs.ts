// GET /api/audit-logs/verify — check the account's links of the audit hash chain; the first broken row, if any.
import { sealAuditLog } from '../../audit/audit-chain';
import { verifyAccountAuditChain } from '../../audit/verify-audit-chain';
import { AUDIT_VERIFY_LIMIT, auditedRead, limitAuditVerify } from './audit-reads';
import { ZAuditVerifyResponse } from '../../audit/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { error, ok } from '../../core/openapi-shapes';
import { retryAfter } from '../auth-endpoints/docs';
import { AUDITED_READ } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/audit-logs/verify',
  operationId: 'verifyAuditLogs',
  tags: ['Audit logs'],
  summary: 'Verify the account\'s rows against the audit chain',
  description: [
    'Owner and admin only (others 403). Checks the rows the account sees in the listing that are sealed:',
    'each is listed by the seal whose range holds it, with a MAC that recomputes from the row under the chain key (HMAC-SHA-256; the key is outside the database),',
    'and that seal\'s own MAC and link to the seal before it verify. Other accounts\' rows are never read: another account\'s edited row does not make this verification fail.',
    'Rows not sealed yet must carry the writer MAC the vault gives every row it writes; a row inserted into the database by other means is reported as `not written by the vault: <id>` in `reason` (and its id in `first_broken_id`).',
    'The chain must still hold every verifier\'s checkpoint seal unchanged: when one is gone, shortened or changed, the answer is `valid: false` with `reason` `checkpoint seal <n> is missing or changed: the chain was cut` (the verification never silently starts again from the beginning).',
    '`checked` counts the account\'s rows; `first_broken_id` is one of them.',
    'The whole installation\'s chain (every account, deleted, inserted and reordered rows, truncation against an anchor) is checked by the operator with `npx vault audit verify`.',
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
      const { valid, checked, first_broken_id, reason } = await verifyAccountAuditChain(call.runtime, call.user.accountId);
      return call.json(200, { success: true, valid, checked, first_broken_id, reason });
    }),
});
