// GET /api/usage — a project's calls per UTC day (tokenize, proxy, detokenize, test tokens), success and failure.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, dataResponse, error, ok } from '../../core/openapi-shapes';
import { getUsage } from '../../usage/get-usage';
import { USAGE_MAX_DAYS, ZUsageQuerySchema, ZUsageView } from '../../usage/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/usage',
  operationId: 'getUsage',
  tags: ['Usage'],
  summary: 'Count a project\'s calls per day',
  description: [
    `${ANY_ROLE} Calls of one project (optionally of one of its applications) per UTC day, counted from the audit log: \`tokenize\` (POST /tokenize), \`proxy\` (POST /proxy/transaction), \`detokenize\` (POST /detokenize) and \`test_tokens\` (POST /test-tokens), each split into success and failure. Each call counts once: a proxy call that fails after reading its token (a success row at the read, then a failure row) counts as a failure. Every day from \`from\` to \`to\` is listed, days without calls as zeros. A day is counted once, from its first request an hour after it ended (audit rows are stamped when written, so its counts are final); today and the hour after midnight are counted live on every request.`,
    `Default range: the last 30 days ending today (UTC). \`to\` must not be before \`from\`, and the range is at most ${USAGE_MAX_DAYS} days (else a 400 naming \`from\`). ${OTHER_ACCOUNT_404}`,
  ].join('\n\n'),
  auth: sessionAuth(),
  request: { query: ZUsageQuerySchema },
  responses: {
    200: ok('Calls per day and their totals.', dataResponse('UsageResponse', ZUsageView)),
    400: error('`validation_error` naming the field: `project_id` missing or not a UUID, `application_id` not a UUID, `from`/`to` not ISO 8601, `to` before `from`, a range over 366 days (`from`), an `interval` other than `day`, or an unknown parameter.'),
    404: error('`Project not found` (unknown, or another account\'s), or `Application not found` (not an application of the project).'),
  },
  handler: async (call) => {
    const query = call.input.query();
    const usage = await getUsage(call.runtime, { accountId: call.user.accountId, projectId: query.project_id, applicationId: query.application_id, from: query.from, to: query.to });
    return call.json(200, { success: true, data: usage });
  },
});
