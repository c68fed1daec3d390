// Documentation shared by the webhook endpoint routes' definitions.
import { z } from 'zod';
import { OTHER_ACCOUNT_404, dataResponse, error } from '../../core/openapi-shapes';
import { ZWebhookEndpointView } from '../../webhooks/schemas';

export const endpointIdParam = z.object({ id: z.string().meta({ description: 'Webhook endpoint id (UUID).' }) });
export const endpointNotFound = { 404: error(`\`Webhook endpoint not found\`. ${OTHER_ACCOUNT_404}`) };
export const endpointDisabledConflict = { 409: error('`Webhook endpoint is disabled` (`error.code` `conflict`): enable it first (PUT with `enabled: true`).') };
export const ZWebhookEndpointResponse = dataResponse('WebhookEndpointResponse', ZWebhookEndpointView);

export const URL_RULES =
  '`url` is https; plain http only to localhost, 127.0.0.1 or [::1], and only in a test project. `localhost` and IP literals (private, loopback or link-local ones included) only when WEBHOOK_ALLOWED_PRIVATE_HOSTS names the host, in every project (PROXY_ALLOWED_PRIVATE_HOSTS does not apply). Host names are checked again at every delivery: one resolving to such an address is refused unless named (the attempt is recorded with an error starting `refused:`, nothing is sent), and redirects are never followed.';

export const urlRefused = { 400: error('`validation_error` naming the failing field (`url`, `event_types`, `description`, `enabled`).') };
