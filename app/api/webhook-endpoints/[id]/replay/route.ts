// POST /api/webhook-endpoints/{id}/replay (definition: lib/api/webhooks/)
export { POST } from '@/lib/api/webhooks/replay-failed-deliveries';
