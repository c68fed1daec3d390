// GET /elements.js, /elements.global.js (the Vault Elements SDK: an ES module and a classic script defining
// window.VaultElements) and /elements/field.js (the field frames' script), served by the checkout origin.
// Public scripts with no credentials: any page may load the SDK (Access-Control-Allow-Origin: *).
import { z } from 'zod';
import { malformedRequest } from '../../core/openapi-shapes';
import { scriptResponse } from '../../docs/accepts-gzip';
import { loadElementsAsset, type ElementsAssetPath } from '../../elements/assets';
import { defineRoute, unauthenticated } from '../../http/define-route';

function assetRoute(path: ElementsAssetPath, operationId: string, summary: string, description: string) {
  return defineRoute({
    method: 'GET',
    path,
    operationId,
    server: 'checkout',
    tags: ['Vault Elements'],
    summary,
    description: `${description} Revalidated on every load (\`no-cache\` with an ETag), so a new version applies at once; gzip when accepted.`,
    auth: unauthenticated,
    responses: { 200: { description: 'The script.', content: { 'text/javascript': { schema: z.string() } } }, ...malformedRequest },
    handler: async ({ request }) => {
      return scriptResponse(request, await loadElementsAsset(path), {
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      });
    },
  });
}

export const elementsModule = assetRoute('/elements.js', 'getElementsModule', 'Vault Elements SDK (ES module)', '`import { VaultElements } from "{CHECKOUT_URL}/elements.js"` (also the default export). Types: `public/elements.d.ts` (`vault/elements`).');
export const elementsGlobal = assetRoute('/elements.global.js', 'getElementsGlobal', 'Vault Elements SDK (classic script)', 'A classic-script build (for a script element with src) that defines `window.VaultElements`.');
export const elementsFieldScript = assetRoute('/elements/field.js', 'getElementsFieldScript', 'Vault Elements field frame script', 'Loaded by GET /elements/field pages only.');
