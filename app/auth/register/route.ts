// POST /auth/register (definition: lib/api/auth-endpoints/register.ts)
export { POST } from '@/lib/api/auth-endpoints/register';
