// POST /user/settings/mfa (definition: lib/api/auth-endpoints/settings-mfa.ts)
export { POST } from '@/lib/api/auth-endpoints/settings-mfa';
