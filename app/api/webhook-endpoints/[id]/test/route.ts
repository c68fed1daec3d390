// POST /api/webhook-endpoints/{id}/test (definition: lib/api/webhooks/)
export { POST } from '@/lib/api/webhooks/send-test-event';
