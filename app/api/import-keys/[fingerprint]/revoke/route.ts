// POST /api/import-keys/{fingerprint}/revoke (definition: lib/api/import-keys/)
export { POST } from '@/lib/api/import-keys/revoke-import-key';
