// GET /elements.js (definition: lib/api/elements/elements-assets.ts)
export { elementsModule as GET } from '@/lib/api/elements/elements-assets';
