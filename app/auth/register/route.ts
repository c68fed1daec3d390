// POST /auth/register (definition: lib/api/auth/register.ts)
export { POST } from '@/lib/api/auth/register';
