// The dashboard client's table of operations (components/ui/api-operations.ts) is generated from the route
// list: it must be exactly what the generator renders now, so a route added, renamed or moved to another
// path fails here until `npx tsx scripts/generate-api-operations.ts` runs (tsc then checks each method and
// path against its definition's literal types).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '@/components/ui/api-operations';
import { routes } from '@/lib/api/routes';
import { definitionModules, OPERATIONS_FILE, renderApiOperations } from '@/scripts/generate-api-operations';

describe('components/ui/api-operations.ts', () => {
  it('is what the generator renders from lib/api/routes.ts', async () => {
    expect(readFileSync(OPERATIONS_FILE, 'utf8')).toBe(renderApiOperations(routes, await definitionModules()));
  });

  it('names every route once, with its method and path', () => {
    const ids = routes.map((route) => route.definition.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.fromEntries(routes.map(({ definition }) => [definition.operationId, [definition.method, definition.path]]))).toEqual(operations);
  });

  it('writes path parameters only as {name}, the form the client substitutes', () => {
    for (const [, path] of Object.values(operations)) expect(path.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '')).not.toMatch(/[{}[\]:]/);
  });
});
