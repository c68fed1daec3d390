// POST /internal/provision (definition: lib/api/internal-provision.ts)
export { POST } from '@/lib/api/internal-provision';
