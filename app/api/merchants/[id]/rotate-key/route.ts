// POST /api/merchants/{id}/rotate-key (definition: lib/api/merchants/rotate-merchant-key.ts)
export { POST } from '@/lib/api/merchants/rotate-merchant-key';
