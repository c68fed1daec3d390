// Documentation shared by the webhook endpoint routes' definitions.
import { z } from 'zod';
import { OTHER_ACCOUNT_404, dataResponse, error } from '../../openapi/shared';
import { ZWebhookEndpointView } from '../../webhooks/schemas';

export const endpointIdParam = z.object({ id: z.string().meta({ description: 'Webhook endpoint id (UUID).' }) });
export const endpointNotFound = { 404: error(`\`Webhook endpoint not found\`. ${OTHER_ACCOUNT_404}`) };
export const endpointDisabledConflict = { 409: error('`Webhook endpoint is disabled` (`error.code` `conflict`): enable it first (PUT with `enabled: true`).') };
export const ZWebhookEndpointResponse = dataResponse('WebhookEndpointResponse', ZWebhookEndpointView);

export const URL_RULES =
  '`url` is https (an IP literal only if listed in PROXY_ALLOWED_PRIVATE_HOSTS); plain http only to localhost, 127.0.0.1 or [::1], and only in a test project. Host names are checked again at every delivery: one resolving to a private, loopback or link-local address is refused unless allow-listed, and redirects are never followed.';

export const urlRefused = { 400: error('`validation_error` naming the failing field (`url`, `event_types`, `description`, `enabled`).') };
