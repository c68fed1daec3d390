// Writes components/ui/api-operations.ts, the dashboard client's table of operations, from the route list
// (lib/api/routes.ts): per operationId its method and path template, the only run-time data the browser
// needs, and the type of its definition. Usage: npx tsx scripts/generate-api-operations.ts
// tests/components/api-operations.test.ts fails while the committed file differs from what this renders.
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DefinedRoute } from '@/lib/http/define-route';

export const OPERATIONS_FILE = fileURLToPath(new URL('../components/ui/api-operations.ts', import.meta.url));

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where each definition is exported (module without extension, export name): lib/api's files, walked in a stable order. */
export async function definitionModules(): Promise<Map<DefinedRoute, string>> {
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : []));
  })(join(root, 'lib/api'));
  const found = new Map<DefinedRoute, string>();
  for (const file of files) {
    const module: Record<string, unknown> = await import(pathToFileURL(file).href);
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && 'definition' in value && !found.has(value as DefinedRoute)) {
        found.set(value as DefinedRoute, `typeof import('@/${relative(root, file).replace(/\.ts$/, '')}').${name}`);
      }
    }
  }
  return found;
}

export function renderApiOperations(routes: readonly DefinedRoute[], modules: Map<DefinedRoute, string>): string {
  const sorted = [...routes].sort((a, b) => a.definition.operationId.localeCompare(b.definition.operationId));
  const manifest = sorted.map(({ definition: { operationId, method, path } }) => `  ${operationId}: ['${method}', '${path}'],`);
  const types = sorted.map((route) => `  ${route.definition.operationId}: ${modules.get(route)};`);
  return `// GENERATED from lib/api/routes.ts by \`npx tsx scripts/generate-api-operations.ts\`: do not edit.
// The browser loads only \`operations\` (method and path template per operationId), never a server module:
// the definitions' types come through type-only \`import()\`s of their lib/api files, erased from the bundle.
// tsc checks each method and path against its definition.

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
  writeFileSync(OPERATIONS_FILE, renderApiOperations(routes, await definitionModules()));
  console.log(`wrote ${OPERATIONS_FILE} (${routes.length} operations)`);
}
