// The embedded default end to end, as a user runs it: a real server process on PGlite + the in-process
// store, bootstrapping on first start, persisting across restarts, draining on SIGTERM.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

let dataDir: string;
let psp: TestPsp;
let env: Record<string, string>;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vault-embedded-'));
  psp = await startTestPsp();
  const caFile = join(dataDir, 'psp-ca.pem');
  writeFileSync(caFile, psp.ca);
  env = { VAULT_DATA_DIR: join(dataDir, 'data'), NODE_EXTRA_CA_CERTS: caFile, PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost' };
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  await psp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

const post = (server: ServerProcess, path: string, key: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });

describe('embedded default (PGlite + in-process store)', () => {
  let apiKey: string;
  let token: string;

  it('bootstraps on first start: prints the owner, a test API key and a ready-to-paste curl once', async () => {
    const server = await start();
    const output = server.output();
    expect(output).toContain('Vault is set up');
    expect(output).toMatch(/Password: {2}\S{20,}/);
    apiKey = /API key: {3}(vk_test_[0-9A-Za-z]+)/.exec(output)![1]!;
    expect(output).toContain(`curl -s -X POST http://localhost:`);
    expect(output).toContain(`-H 'X-API-Key: ${apiKey}'`);
    expect(statSync(join(env.VAULT_DATA_DIR!, 'master.key')).mode & 0o777).toBe(0o600);

    const ready = await fetch(`${server.url}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' }, latency_ms: { database: expect.any(Number), store: expect.any(Number) } });
  });

  it('tokenizes and proxies with the CVC session (PSP receives the card and the CVV once)', async () => {
    const server = running[0]!;
    const tokenized = await post(server, '/tokenize', apiKey, {
      type: 'card',
      data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' },
    });
    expect(tokenized.status).toBe(201);
    const created = (await tokenized.json()) as { token: string; cvc_session_id: string };
    token = created.token;
    const proxied = await post(server, '/proxy/transaction', apiKey, {
      token,
      cvc_session_id: created.cvc_session_id,
      proxy_url: psp.url('/charges'),
      request_data: { number: '${cardNumber}', cvc: '${cvv}', exp: '${expirationMonth}/${expirationYear}' },
    });
    expect(proxied.status).toBe(200);
    expect(psp.received.at(-1)!.body.toString()).toBe('{"number":"4242424242424242","cvc":"123","exp":"12/2030"}');
    const again = await post(server, '/proxy/transaction', apiKey, {
      token,
      cvc_session_id: created.cvc_session_id,
      proxy_url: psp.url('/charges'),
      request_data: { cvc: '${cvv}' },
    });
    expect(again.status).toBe(404);
  });

  it('refuses a second process on the same embedded database', async () => {
    await expect(spawnServer(env, 15_000)).rejects.toThrow(/in use by process/);
  });

  it('drains an in-flight request on SIGTERM, then exits 0', async () => {
    const server = running[0]!;
    psp.reply(() => ({ status: 200, body: '{"slow":true}', headers: { 'content-type': 'application/json' }, delayMs: 800 }));
    const inFlight = post(server, '/proxy/transaction', apiKey, { token, proxy_url: psp.url('/slow'), request_data: {} });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = server.stop('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, proxy_response: { body: { slow: true } } });
    expect(await exit).toBe(0);
    running.shift();
  });

  it('keeps tokens across restarts and bootstraps only once', async () => {
    const server = await start();
    expect(server.output()).not.toContain('Vault is set up');
    const revealed = await post(server, '/detokenize', apiKey, { token });
    expect(await revealed.json()).toEqual({
      success: true,
      data: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' },
    });
  });
});
