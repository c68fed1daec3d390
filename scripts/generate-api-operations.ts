// Writes components/ui/api-operations.ts, the dashboard client's table of operations, from the route list
// (lib/api/routes.ts): per operationId its method and path template, the only run-time data the browser
// needs, and the type of its definition. Usage: npx tsx scripts/generate-api-operations.ts
// tests/components/api-operations.test.ts fails while the committed file differs from what this renders.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DefinedRoute } from '@/lib/http/define-route';

export const OPERATIONS_FILE = fileURLToPath(new URL('../components/ui/api-operations.ts', import.meta.url));

/** `/api/applications/{id}/rotate-key` → `@/app/api/applications/[id]/rotate-key/route` (tests/integration/app-routes.test.ts pins this mapping). */
const appRouteModule = (path: string) => `@/app/${path.slice(1).replace(/\{([^}]+)\}/g, '[$1]')}/route`;

export function renderApiOperations(routes: readonly DefinedRoute[]): string {
  const sorted = [...routes].sort((a, b) => a.definition.operationId.localeCompare(b.definition.operationId));
  const manifest = sorted.map(({ definition: { operationId, method, path } }) => `  ${operationId}: ['${method}', '${path}'],`);
  const types = sorted.map(({ definition: { operationId, method, path } }) => `  ${operationId}: typeof import('${appRouteModule(path)}').${method};`);
  return `// GENERATED from lib/api/routes.ts by \`npx tsx scripts/generate-api-operations.ts\`: do not edit.
// The browser loads only \`operations\` (method and path template per operationId), never a server module:
// the definitions' types come through type-only \`import()\`s, erased from the bundle. They name the app/
// route file re-exporting each handler, whose place follows from the spec's path alone, so files moving
// inside lib/ leave this file as it is. tsc checks each method and path against its definition.

export const operations = {
${manifest.join('\n')}
} as const satisfies { [Id in keyof OperationRoutes]: readonly [OperationRoutes[Id]['definition']['method'], OperationRoutes[Id]['definition']['path']] };

export type OperationRoutes = {
${types.join('\n')}
};
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { routes } = await import('@/lib/api/routes');
  writeFileSync(OPERATIONS_FILE, renderApiOperations(routes));
  console.log(`wrote ${OPERATIONS_FILE} (${routes.length} operations)`);
}
