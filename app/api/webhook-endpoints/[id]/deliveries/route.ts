// GET /api/webhook-endpoints/{id}/deliveries (definition: lib/api/webhooks/)
export { GET } from '@/lib/api/webhooks/list-deliveries';
