// POST /user/settings/mfa (definition: lib/api/user/settings-mfa.ts)
export { POST } from '@/lib/api/user/settings-mfa';
