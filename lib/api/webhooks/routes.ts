// The webhook endpoint routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { POST as createWebhookEndpoint } from './create-webhook-endpoint';
import { DELETE as deleteWebhookEndpoint } from './delete-webhook-endpoint';
import { GET as getWebhookEndpoint } from './get-webhook-endpoint';
import { GET as listDeliveries } from './list-deliveries';
import { GET as listWebhookEndpoints } from './list-webhook-endpoints';
import { POST as replayFailedDeliveries } from './replay-failed-deliveries';
import { POST as rotateWebhookSecret } from './rotate-webhook-secret';
import { POST as sendTestEvent } from './send-test-event';
import { PUT as updateWebhookEndpoint } from './update-webhook-endpoint';

export const webhooksRoutes: DefinedRoute[] = [
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendTestEvent,
  listDeliveries,
  replayFailedDeliveries,
];
