// GET /elements/field.js (definition: lib/api/elements/elements-assets.ts)
export { elementsFieldScript as GET } from '@/lib/api/elements/elements-assets';
