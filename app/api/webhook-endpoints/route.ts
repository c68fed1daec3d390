// GET, POST /api/webhook-endpoints (definitions: lib/api/webhooks/)
export { GET } from '@/lib/api/webhooks/list-webhook-endpoints';
export { POST } from '@/lib/api/webhooks/create-webhook-endpoint';
