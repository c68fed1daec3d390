// `npx vault app create` as an operator runs it, then a real server on the same database: `--no-detokenize`
// makes a key that tokenizes but never reveals (the default keeps the spec's reveal), and every creation is
// audited as the operator (issue 21).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
const EMAIL = 'owner@example.com';
const PASSWORD = 'first chosen secret 9';
const CARD = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } };

let own: OwnDatabase;
let env: NodeJS.ProcessEnv & Record<string, string>;
beforeAll(async () => {
  own = await ownDatabase();
  env = { ...process.env, DATABASE_URL: '', ...own.env, REDIS_URL: process.env.REDIS_URL ?? '', VAULT_ADMIN_EMAIL: EMAIL, VAULT_ADMIN_PASSWORD: PASSWORD } as NodeJS.ProcessEnv & Record<string, string>;
});
afterAll(() => own?.drop());

type Created = { api_key: string; application_id: string; project_id: string };
const appCreate = async (...args: string[]): Promise<Created> => JSON.parse((await run(process.execPath, [cli, 'app', 'create', ...args, '--json'], { env, encoding: 'utf8' })).stdout);

describe('npx vault app create', () => {
  it('--no-detokenize: a key that tokenizes but gets 403 on /detokenize; both creations audited as the operator', async () => {
    const revealing = await appCreate('--name', 'Reveals');
    const chargeOnly = await appCreate('--name', 'Charges only', '--no-detokenize');
    const server: ServerProcess = await spawnServer(env);
    try {
      const call = async (method: string, path: string, headers: Record<string, string>, json?: unknown) => {
        const response = await fetch(`${server.url}${path}`, { method, headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined });
        return { status: response.status, json: (await response.json()) as Record<string, any> };
      };
      const permissions = async (key: string) => (await call('GET', '/api/applications/key', { 'x-api-key': key })).json.data.permissions;
      expect(await permissions(chargeOnly.api_key)).toEqual({ tokenization: { allowed: true }, detokenize: { allowed: false }, provisioning: { allowed: false }, search: { allowed: false } });
      expect(await permissions(revealing.api_key)).toEqual({ tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } });
      const tokenized = await call('POST', '/tokenize', { 'x-api-key': chargeOnly.api_key }, CARD);
      expect(tokenized.status).toBe(201);
      const refused = await call('POST', '/detokenize', { 'x-api-key': chargeOnly.api_key }, { token: tokenized.json.token });
      expect(refused.status).toBe(403);
      expect(refused.json.error).toEqual({ code: 'insufficient_permissions', message: 'Insufficient permissions' });
      expect((await call('POST', '/detokenize', { 'x-api-key': revealing.api_key }, { token: tokenized.json.token })).status).toBe(200);

      const login = await call('POST', '/auth/login', {}, { email: EMAIL, password: PASSWORD });
      expect(login.status).toBe(200);
      const rows = (await call('GET', '/api/audit-logs?action=application.create_by_operator', { authorization: `Bearer ${login.json.token}` })).json.data;
      expect(rows).toEqual(
        [chargeOnly, revealing].map((created) =>
          expect.objectContaining({
            action: 'application.create_by_operator',
            outcome: 'success',
            status_code: 201,
            actor: { type: 'operator' },
            project_id: created.project_id,
            resource: `application:${created.application_id}`,
            ip: null,
            request_id: expect.stringMatching(/^cli-[0-9a-f-]{36}$/),
          }),
        ),
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
