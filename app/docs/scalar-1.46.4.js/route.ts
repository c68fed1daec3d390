// GET /docs/scalar-1.46.4.js (definition: lib/api/docs-script.ts)
export { GET } from '@/lib/api/docs-script';
