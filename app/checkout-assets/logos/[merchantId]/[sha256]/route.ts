// GET /checkout-assets/logos/{merchantId}/{sha256} (definition: lib/api/merchants/get-merchant-logo.ts)
export { GET } from '@/lib/api/merchants/get-merchant-logo';
