// GET /openapi.json is generated from the route definitions (lib/api/routes.ts): every served route is
// documented and nothing else; the contract documented before the definitions existed is kept
// (tests/fixtures/openapi-contract.json: every operation's parameters, request bodies and fields, statuses);
// the document passes Redocly's recommended lint with no problem, and a client generated from it with
// openapi-typescript type-checks and runs real calls.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lib/api/routes';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD } from '../helpers/users';

const APP_URL = 'https://vault.example.test';
const CHECKOUT_URL = 'https://pay.example.test';
const root = join(__dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
type Contract = { parameters: string[]; requestBody: string[]; bodyFields: string[]; responses: string[]; security?: string[] };
const contract: Record<string, Contract> = JSON.parse(
  readFileSync(join(root, 'tests', 'fixtures', 'openapi-contract.json'), 'utf8'),
);

let vault: TestVault;
let document: any;
let served: string;
beforeAll(async () => {
  vault = await startTestVault({ env: { APP_URL, CHECKOUT_URL } });
  const response = await vault.call('GET', '/openapi.json', { key: null });
  expect(response.status).toBe(200);
  served = response.text;
  document = response.json;
});
afterAll(async () => {
  await vault?.close();
});

const operations = () =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

/** `$ref`s resolved, unions merged: the top-level property names of a schema. */
function fieldsOf(schema: any): string[] {
  const resolved = schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
  if (!resolved) return [];
  const parts = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])];
  return [...new Set([...Object.keys(resolved.properties ?? {}), ...parts.flatMap(fieldsOf)])];
}

describe('the document is the list of definitions', () => {
  it('documents exactly the defined routes, each once', () => {
    const defined = routes.map((route) => `${route.definition.method} ${route.definition.path}`).sort();
    expect(new Set(defined).size).toBe(defined.length);
    expect(operations().map((operation) => operation.key).sort()).toEqual(defined);
  });

  it('every operation has a unique camelCase operationId, a summary, tags and a 2xx answer', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, operation } of operations()) {
      expect(operation.operationId, key).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(operation.summary, key).toEqual(expect.any(String));
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      expect(Object.keys(operation.responses).some((status) => status.startsWith('2')), key).toBe(true);
    }
    expect(document.paths['/tokenize'].post.operationId).toBe('tokenize');
    expect(document.paths['/api/applications'].post.operationId).toBe('createApplication');
    expect(document.paths['/api/audit-logs'].get.operationId).toBe('listAuditLogs');
  });

  it('servers come from APP_URL, and CHECKOUT_URL for the checkout page\'s calls', () => {
    expect(document.servers).toEqual([{ url: APP_URL, description: expect.any(String) }]);
    for (const path of ['/checkout/{sessionId}/pay', '/checkout/{sessionId}/cancel']) {
      expect(document.paths[path].post.servers, path).toEqual([{ url: CHECKOUT_URL, description: expect.any(String) }]);
    }
    expect(document.paths['/api/sessions/create'].post.servers).toBeUndefined();
    expect(document.info.license).toEqual({ name: 'Apache-2.0', identifier: 'Apache-2.0' });
  });

  it('each operation\'s security is its auth kind\'s; public routes declare none', () => {
    const security = (path: string, method: string) => document.paths[path][method].security;
    for (const [path, method] of [['/health', 'get'], ['/ready', 'get'], ['/openapi.json', 'get'], ['/auth/login', 'post'], ['/auth/register', 'post'], ['/checkout/{sessionId}/pay', 'post']] as const) {
      expect(security(path, method), `${method} ${path}`).toEqual([]);
    }
    expect(security('/tokenize', 'post')).toEqual([{ ApiKey: [] }]);
    expect(security('/internal/provision', 'post')).toEqual([{ ApiKey: [] }]);
    expect(security('/api/projects', 'post')).toEqual([{ SessionAuth: [] }, { SessionCookie: [] }]);
    expect(security('/api/sessions/create', 'post')).toEqual([{ ApiKey: [], ServiceApiKey: [] }]);
    expect(security('/api/tokens/{token}', 'delete')).toEqual(expect.arrayContaining([{ SessionAuth: [] }, { ApiKey: [] }]));
    expect(security('/test-tokens', 'post')).toEqual(expect.arrayContaining([{ ApiKey: [] }, { SessionAuth: [] }]));
    for (const route of routes) {
      const { method, path, auth } = route.definition;
      const security = document.paths[path][method.toLowerCase()].security;
      expect(Array.isArray(security), `${method} ${path}`).toBe(true);
      // The auth kind and the documented security say the same thing.
      expect(security.length === 0, `${method} ${path}`).toBe(auth.kind === 'public');
    }
  });
});

describe('the contract documented before the definitions is kept', () => {
  it.each(Object.keys(contract))('%s', (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const operation = document.paths[path]?.[method.toLowerCase()];
    expect(operation, key).toBeDefined();
    const before = contract[key]!;
    const parameters = (operation.parameters ?? []).map((parameter: any) => `${parameter.in}:${parameter.name}${parameter.required ? '!' : ''}`);
    expect(parameters).toEqual(expect.arrayContaining(before.parameters));
    expect(Object.keys(operation.requestBody?.content ?? {})).toEqual(expect.arrayContaining(before.requestBody));
    expect(fieldsOf(operation.requestBody?.content?.['application/json']?.schema)).toEqual(expect.arrayContaining(before.bodyFields));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(before.responses));
    // Security: a public route stays public; any other keeps every way in it had (`A+B` = both together).
    const security = (operation.security as Record<string, string[]>[]).map((requirement) => Object.keys(requirement).sort().join('+'));
    if (before.security?.length === 0) expect(security).toEqual([]);
    else expect(security).toEqual(expect.arrayContaining(before.security ?? []));
  });
});

describe('what the document says', () => {
  it('declares the security schemes', () => {
    expect(document.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(document.components.securitySchemes.SessionAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.components.securitySchemes.SessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'vault_session' });
    expect(document.components.securitySchemes.ServiceApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-SERVICE-API-KEY' });
  });

  it('request bodies and queries come from the handlers\' zod schemas', () => {
    const body = (path: string, method: string) => document.paths[path][method].requestBody.content['application/json'].schema;
    expect(body('/auth/login', 'post').required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body('/api/members', 'post').properties.role.enum).toEqual(['owner', 'admin', 'developer', 'viewer']);
    const session = body('/api/sessions/create', 'post');
    // amount and currency are required in payment mode only (setup mode refuses them): the handler says so by rule.
    expect(session.required).toEqual(expect.arrayContaining(['merchantId', 'successUrl', 'cancelUrl', 'errorUrl']));
    expect(session.required).not.toContain('amount');
    expect(session.properties.amount.description).toMatch(/^Payment mode \(required there\).*Refused in setup mode\.$/);
    expect(session.properties.mode.enum).toEqual(['payment', 'setup']);
    expect(session.properties.mode.default).toBe('payment');
    expect(session.properties.embedMode.enum).toEqual(['redirect', 'popup', 'iframe', 'new_tab']);
    const query = (path: string) => document.paths[path].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(query('/api/audit-logs')).toEqual(expect.arrayContaining(['project_id', 'actor', 'outcome', 'limit', 'cursor']));
    expect(query('/api/tokens')).toEqual(expect.arrayContaining(['type', 'last4', 'brand', 'limit', 'cursor']));
  });

  it('describes roles, cross-account 404s, the login limits and the checkout rules', () => {
    const mutation = document.paths['/api/applications/{id}'].delete;
    expect(mutation.description).toMatch(/owner/);
    expect(mutation.description).toMatch(/admin/);
    expect(mutation.description).toMatch(/another account/i);
    expect(mutation.responses).toHaveProperty('403');
    const login = document.paths['/auth/login'].post;
    expect(login.description).toMatch(/100 attempts per 15 minutes/);
    expect(login.description).toMatch(/10 consecutive failed logins lock the account for 30 minutes/);
    expect(login.responses['429'].headers).toHaveProperty('Retry-After');
    const create = document.paths['/api/sessions/create'].post.description;
    for (const rule of [/minor digits/, /ISO 4217 code \(List One\)/, /exact origin/, /CHECKOUT_MIN_EXPIRY_SECONDS/, /http only for localhost and 127\.0\.0\.1/]) expect(create).toMatch(rule);
    const pay = document.paths['/checkout/{sessionId}/pay'].post;
    expect(pay.description).toMatch(/5th ends the session as `expired`/);
    expect(pay.description).toMatch(/payment_in_progress/);
    expect(document.paths['/api/merchants/{id}'].put.description).toMatch(/"\*\*\*\*\*\*\*\*"/);
  });

  it('documents the token formats with their collision maths, and a {token} of every format', () => {
    expect(served).toMatch(/`pan_preserving`: digits only/);
    expect(served).toMatch(/The bucket is the BIN and last 4 \(with the length\), shared by every project of this vault: a 16-digit card leaves 6 random digits/);
    for (const [path, method] of [['/api/tokens/{token}', 'get'], ['/api/tokens/{token}', 'patch'], ['/api/tokens/{token}', 'delete'], ['/tokens/{token}', 'patch']] as const) {
      const param = document.paths[path][method].parameters.find((parameter: { name: string }) => parameter.name === 'token');
      expect(param.description, `${method} ${path}`).toMatch(/any format: `tok_…` \(random\), 13 to 19 digits .* or a UUID/);
    }
  });

  it('response views declare every field their presenters return', () => {
    const application = document.components.schemas.Application;
    expect(Object.keys(application.properties)).toEqual(
      expect.arrayContaining(['id', 'name', 'project_id', 'permissions', 'key_prefix', 'last_used_at', 'created_at']),
    );
    expect(application.additionalProperties).not.toBe(true);
  });
});

describe('tools read the document', () => {
  it('passes `redocly lint` with the recommended rules: no error, no warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, served);
      const result = spawnSync(bin('redocly'), ['lint', file, '--extends=recommended', '--format=json'], {
        encoding: 'utf8',
        // Never phone home from a test (loopback only): no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      });
      const report = JSON.parse(result.stdout);
      const problems = report.problems.map((problem: any) => `${problem.severity} ${problem.ruleId}: ${problem.location?.[0]?.pointer} ${problem.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a client generated with openapi-typescript type-checks real calls, and they work', async () => {
    const clientDir = join(root, 'tests', 'openapi-client');
    const schemaFile = join(clientDir, 'schema.d.ts');
    writeFileSync(schemaFile, astToString(await openapiTS(served)));
    try {
      const check = spawnSync(
        bin('tsc'),
        ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--types', 'node', join(clientDir, 'calls.ts')],
        { encoding: 'utf8', cwd: root },
      );
      expect(check.stdout + check.stderr).toBe('');
      expect(check.status).toBe(0);

      const users = await seedUsers(vault, 'openapi');
      // A computed specifier: the project's type check must not follow it (./schema.d.ts exists only now).
      const { runTypedCalls } = (await import(join(clientDir, 'calls.ts'))) as {
        runTypedCalls(options: { baseUrl: string; apiKey: string; email: string; password: string }): Promise<Record<string, any>>;
      };
      const result = await runTypedCalls({ baseUrl: vault.url, apiKey: vault.tenants.test.keys.full, email: users.viewer.email, password: TEST_PASSWORD });
      expect(result.token).toMatch(/^tok_/);
      expect(result.cardNumber).toBe('4242424242424242');
      expect(result.tokenizationAllowed).toBe(true);
      expect(result.deletedMessage).toBe('CVC session deleted successfully');
      expect(result.listedTokens).toContain(result.token);
      expect(result.refusal).toBe('token_not_found');
    } finally {
      rmSync(schemaFile, { force: true });
    }
  }, 60_000);
});
