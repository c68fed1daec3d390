// POST /api/webhook-endpoints/{id}/rotate-secret (definition: lib/api/webhooks/)
export { POST } from '@/lib/api/webhooks/rotate-webhook-secret';
