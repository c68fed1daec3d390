// app/**/route.ts files are one-line re-exports of the route definitions' handlers (lib/api/routes.ts):
// every definition has its file exporting that very handler under its method, and every route file exports
// only defined handlers, so Next (`next dev`, and whatever the custom server hands it) serves exactly what
// the fast door serves.
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../lib/api/routes';

const appDir = join(__dirname, '..', '..', 'app');
/** Next's own routes that are not vault API definitions: the dashboard sign-in (next-auth). */
const NEXT_OWNED = ['api/auth/[...nextauth]/route.ts'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** `/api/applications/{id}/rotate-key` → `api/applications/[id]/rotate-key/route.ts`. */
const routeFileOf = (path: string) => `${path.slice(1).replace(/\{([^}]+)\}/g, '[$1]')}/route.ts`;

const allRouteFiles = (readdirSync(appDir, { recursive: true }) as string[]).map((file) => file.split(sep).join('/')).filter((file) => file.endsWith('/route.ts'));
const routeFiles = allRouteFiles.filter((file) => !NEXT_OWNED.includes(file));

describe('every definition has its app/ route file', () => {
  it.each(routes.map((route) => [`${route.definition.method} ${route.definition.path}`, route] as const))('%s', async (_name, route) => {
    const file = routeFileOf(route.definition.path);
    expect(routeFiles).toContain(file);
    const module = (await import(join(appDir, file))) as Record<string, unknown>;
    expect(module[route.definition.method]).toBe(route);
  });
});

describe('every app/ route file exports only defined handlers', () => {
  it.each(routeFiles)('app/%s', async (file) => {
    const module = (await import(join(appDir, file))) as Record<string, unknown>;
    expect(Object.keys(module).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(module)) {
      expect(METHODS, `app/${file} exports ${name}`).toContain(name);
      const route = routes.find((candidate) => candidate === value);
      expect(route, `app/${file} ${name} is not a defined route's handler`).toBeDefined();
      expect(`${route!.definition.method} ${routeFileOf(route!.definition.path)}`).toBe(`${name} ${file}`);
    }
  });

  it('finds the route files (guards the scan itself)', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(40);
    expect(routeFiles).toContain('proxy/delete-cvc-session/[session_id]/route.ts');
    // The exclusions name files that exist (a stale one would hide nothing, but says the list is wrong).
    for (const file of NEXT_OWNED) expect(allRouteFiles).toContain(file);
  });
});

describe('every definition in lib/api is in the list of routes', () => {
  // A definition left out of lib/api/routes.ts would be neither served by the fast door nor documented.
  const apiDir = join(__dirname, '..', '..', 'lib', 'api');
  const sources = (readdirSync(apiDir, { recursive: true }) as string[])
    .map((file) => file.split(sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

  it.each(sources)('lib/api/%s', async (file) => {
    const module = (await import(join(apiDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && 'definition' in value) expect(routes, `lib/api/${file} exports ${name}`).toContain(value);
    }
  });
});
