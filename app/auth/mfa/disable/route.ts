// POST /auth/mfa/disable (definition: lib/api/auth/disable-mfa.ts)
export { POST } from '@/lib/api/auth/disable-mfa';
