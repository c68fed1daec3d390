// PUT /api/merchants/{id} — rename a merchant, replace its processor or its branding (owner/admin).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { parseJsonRequest } from '../../http/read-body';
import { presentMerchant } from '../../merchants/present-merchant';
import { merchantSchemas, ZUpdateMerchantRequestSchema } from '../../merchants/schemas';
import { updateMerchant } from '../../merchants/update-merchant';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, json, ok } from '../../core/openapi-shapes';
import { BRANDING_RULES, PROCESSOR_RULES, ZMerchantResponse, merchantIdParam, merchantNotFound, processorRefused } from './docs';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/merchants/{id}',
  operationId: 'updateMerchant',
  tags: ['Merchants'],
  summary: 'Rename a merchant, replace its processor or its branding',
  description: `${MANAGERS_ONLY} A new \`processor\` replaces the old one whole; a header value sent as "********" (as responses show it) keeps the stored value of the header of that name, so a configuration read back can be edited without re-entering PSP secrets ("********" for a header the merchant does not have is a 400). Only while \`url\` keeps its host (and port) and path: a processor whose URL changes host or path must carry every header value again, and "********" is then a 400 naming each such header (\`processor.headers.<name>\`), so a stored PSP credential never follows a new destination. ${PROCESSOR_RULES} ${BRANDING_RULES} \`branding: null\` removes the branding and the logo. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('merchant.update'),
  request: { params: merchantIdParam, body: json(ZUpdateMerchantRequestSchema) },
  responses: { 200: ok('Updated.', ZMerchantResponse), ...processorRefused, ...merchantNotFound },
  handler: async (call) => {
    // Not call.input.body(): the processor URL rules depend on the runtime's PROXY_ALLOWED_PRIVATE_HOSTS.
    const input = merchantSchemas(call.runtime.allowedPrivateHosts).update.parse(parseJsonRequest(call.request, call.body));
    const merchant = await updateMerchant(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '', name: input.name, processor: input.processor, branding: input.branding });
    call.target.projectId = merchant.projectId;
    return call.json(200, { success: true, data: presentMerchant(merchant) });
  },
});
