// GET /elements.global.js (definition: lib/api/elements/elements-assets.ts)
export { elementsGlobal as GET } from '@/lib/api/elements/elements-assets';
