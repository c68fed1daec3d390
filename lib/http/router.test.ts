import { describe, expect, it } from 'vitest';
import type { DefinedRoute, HttpMethod } from './define-route';
import { compileRouter, templateSegments } from './router';

/** A stand-in definition: the router reads only method and path. */
function route(method: HttpMethod, path: string): DefinedRoute {
  const handler = async () => new Response(`${method} ${path}`);
  return Object.assign(handler, { definition: { method, path } as DefinedRoute['definition'] });
}

async function served(match: ReturnType<ReturnType<typeof compileRouter>>): Promise<string | null> {
  if (!match || match.kind !== 'handler') return null;
  return (await match.handler(new Request('http://x/'))).text();
}

describe('compileRouter', () => {
  const match = compileRouter([
    route('GET', '/api/applications/{id}'),
    route('DELETE', '/api/applications/{id}'),
    route('PUT', '/api/applications/{id}'),
    route('GET', '/api/applications/key'),
    route('POST', '/api/applications/{id}/rotate-key'),
    route('POST', '/api/sessions/create'),
    route('GET', '/api/sessions/{id}'),
    route('POST', '/checkout/{sessionId}/pay'),
  ]);

  it('a fixed segment wins over a parameter, whatever the order of the list', async () => {
    expect(await served(match('GET', '/api/applications/key'))).toBe('GET /api/applications/key');
    expect(await served(match('GET', '/api/applications/app_1'))).toBe('GET /api/applications/{id}');
    expect(match('GET', '/api/applications/app_1')).toMatchObject({ params: { id: 'app_1' } });
    // The fixed path exists, with other methods: 405, never the {id} route.
    expect(match('DELETE', '/api/applications/key')).toEqual({ kind: 'method_not_allowed', allow: 'GET' });
    expect(match('GET', '/api/sessions/create')).toEqual({ kind: 'method_not_allowed', allow: 'POST' });
  });

  it('falls back to a parameter when the fixed branch has no route for the rest of the path', async () => {
    expect(await served(match('POST', '/api/applications/key/rotate-key'))).toBe('POST /api/applications/{id}/rotate-key');
    expect(match('POST', '/api/applications/key/rotate-key')).toMatchObject({ params: { id: 'key' } });
  });

  it('lists allowed methods in GET, POST, PUT, DELETE order; HEAD is served by GET', async () => {
    expect(match('POST', '/api/applications/app_1')).toEqual({ kind: 'method_not_allowed', allow: 'GET, PUT, DELETE' });
    expect(await served(match('HEAD', '/api/sessions/cs_1'))).toBe('GET /api/sessions/{id}');
  });

  it('decodes parameters, keeps undecodable ones as sent, and never matches an empty segment', () => {
    expect(match('POST', '/checkout/cs%5F1/pay')).toMatchObject({ params: { sessionId: 'cs_1' } });
    expect(match('POST', '/checkout/%E0%A4%A/pay')).toMatchObject({ params: { sessionId: '%E0%A4%A' } });
    expect(match('POST', '/checkout//pay')).toBeNull();
    expect(match('GET', '/api/applications/')).toBeNull();
  });

  it('unknown paths, prefixes and longer paths are not routes', () => {
    expect(match('GET', '/api/applications')).toBeNull();
    expect(match('GET', '/api/applications/app_1/extra')).toBeNull();
    expect(match('GET', '/')).toBeNull();
    expect(match('GET', '/v1/api/sessions/cs_1')).toBeNull();
  });

  it('refuses a method defined twice and two names for one parameter position', () => {
    expect(() => compileRouter([route('GET', '/a/{id}'), route('GET', '/a/{id}')])).toThrow('GET /a/{id} is defined twice');
    expect(() => compileRouter([route('GET', '/a/{id}'), route('PUT', '/a/{key}')])).toThrow(/parameter \{key\}/);
  });
});

describe('templateSegments', () => {
  it('splits a template into fixed segments and whole-segment parameters', () => {
    expect(templateSegments('/proxy/delete-cvc-session/{session_id}')).toEqual([{ fixed: 'proxy' }, { fixed: 'delete-cvc-session' }, { param: 'session_id' }]);
    expect(templateSegments('/openapi.json')).toEqual([{ fixed: 'openapi.json' }]);
  });

  it('refuses a parameter that is part of a segment, or a path without its leading slash', () => {
    expect(() => templateSegments('/tokens/tok_{id}')).toThrow(/neither fixed nor a \{parameter\}/);
    expect(() => templateSegments('tokenize')).toThrow(/must start with \//);
  });
});
