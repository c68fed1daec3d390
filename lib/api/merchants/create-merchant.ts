// POST /api/merchants — create a merchant (owner/admin); its service API key is shown this once.
import { redactProcessorConfig } from '../../merchants/processor-schemas';
import { defineRoute } from '../../http/define-route';
import { auditResource, managerAuth } from '../auth/managed-route';
import { parseJsonRequest } from '../../http/read-body';
import { createMerchant } from '../../merchants/create-merchant';
import { presentBranding } from '../../merchants/present-branding';
import { merchantSchemas, ZCreatedMerchant, ZCreateMerchantRequestSchema } from '../../merchants/schemas';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, error, json, ok } from '../../core/openapi-shapes';
import { BRANDING_RULES, PROCESSOR_RULES, processorRefused } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/merchants',
  operationId: 'createMerchant',
  tags: ['Merchants'],
  summary: 'Create a merchant and its service API key',
  description: `${MANAGERS_ONLY} Without \`project_id\` the merchant goes to the account's oldest test project; a \`project_id\` of another account is 404. The service key is returned this once and stored as a SHA-256 hash. ${PROCESSOR_RULES} ${BRANDING_RULES}`,
  auth: managerAuth('merchant.create'),
  request: { body: json(ZCreateMerchantRequestSchema) },
  responses: {
    201: ok('Created; `service_api_key` is shown only now.', dataResponse('CreatedMerchantResponse', ZCreatedMerchant)),
    ...processorRefused,
    404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    // Not call.input.body(): the processor URL rules depend on the runtime's PROXY_ALLOWED_PRIVATE_HOSTS.
    const input = merchantSchemas(call.runtime.allowedPrivateHosts).create.parse(parseJsonRequest(call.request, call.body));
    const created = await createMerchant(call.runtime, { accountId: call.user.accountId, projectId: input.project_id, name: input.name, processor: input.processor, branding: input.branding });
    Object.assign(call.target, { projectId: created.projectId, resource: auditResource('merchant.create', created.id) });
    return call.json(201, {
      success: true,
      data: {
        id: created.id,
        name: created.name,
        project_id: created.projectId,
        processor: redactProcessorConfig(created.processor),
        branding: presentBranding(created.id, created.branding, created.logo),
        service_api_key: created.serviceApiKey,
        created_at: created.createdAt.toISOString(),
      },
    });
  },
});
