// POST /api/merchants — create a merchant (owner/admin); its service API key is shown this once.
import { redactProcessorConfig } from '../../checkout/processors/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { auditResource, managedRoute } from '../../http/managed-route';
import { createMerchant } from '../../merchants/create-merchant';
import { merchantSchemas } from '../../merchants/schemas';

export const POST = managedRoute('merchant.create', async (call, target) => {
  const input = merchantSchemas(call.runtime.allowedPrivateHosts).create.parse(parseJsonRequest(call.request, call.body));
  const created = await createMerchant(call.runtime, { accountId: call.user.accountId, projectId: input.project_id, name: input.name, processor: input.processor });
  Object.assign(target, { projectId: created.projectId, resource: auditResource('merchant.create', created.id) });
  return call.json(201, {
    success: true,
    data: {
      id: created.id,
      name: created.name,
      project_id: created.projectId,
      processor: redactProcessorConfig(created.processor),
      service_api_key: created.serviceApiKey,
      created_at: created.createdAt.toISOString(),
    },
  });
});
