// POST /proxy/transaction (definition: lib/api/proxy-transaction.ts)
export { POST } from '@/lib/api/proxy-transaction';
