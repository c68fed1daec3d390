// GET, PUT, DELETE /api/webhook-endpoints/{id} (definitions: lib/api/webhooks/)
export { GET } from '@/lib/api/webhooks/get-webhook-endpoint';
export { PUT } from '@/lib/api/webhooks/update-webhook-endpoint';
export { DELETE } from '@/lib/api/webhooks/delete-webhook-endpoint';
