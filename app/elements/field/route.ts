// GET /elements/field (definition: lib/api/elements/field-page.ts)
export { GET } from '@/lib/api/elements/field-page';
