// POST /auth/mfa/disable (definition: lib/api/auth-endpoints/disable-mfa.ts)
export { POST } from '@/lib/api/auth-endpoints/disable-mfa';
