// Webhook delivery by several server processes sharing one PostgreSQL database (the queue): every attempt
// is sent by exactly one process, and a process killed mid-delivery loses nothing: once its claim lapses,
// another process re-sends that attempt (and only that one). PostgreSQL only: PGlite is one process's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_EVENT_TYPE } from '../../lib/events/event-types';
import { recordEvent } from '../../lib/events/record-event';
import { loginAs } from '../helpers/accounts';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

describe.runIf(inject('databaseUrl'))('webhook workers in several processes on one PostgreSQL', () => {
  let database: OwnDatabase;
  let receiver: WebhookReceiver;
  let vault: TestVault;
  let jwt: string;
  let dir: string;
  let serverEnv: Record<string, string>;
  const servers: ServerProcess[] = [];

  const api = (method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${jwt}` } });
  const createEndpoint = async (path: string) => {
    const response = await api('POST', '/api/webhook-endpoints', { project_id: vault.tenants.test.projectId, url: receiver.url(path) });
    expect(response.status, response.text).toBe(201);
    receiver.secrets = [...receiver.secrets, response.json.data.secret];
    return response.json.data.id as string;
  };
  const testEvent = (endpointId: string) =>
    recordEvent(vault.runtime.db.sql, { projectId: vault.tenants.test.projectId, livemode: false, type: TEST_EVENT_TYPE, data: { endpoint_id: endpointId }, endpointId });

  beforeAll(async () => {
    database = await ownDatabase();
    receiver = await startWebhookReceiver({ host: '127.0.0.1' });
    // This process only writes events and reads results: the spawned servers deliver.
    vault = await startTestVault({ env: { ...database.env, WEBHOOK_WORKER: 'off', WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    const users = await seedUsers(vault, 'processes');
    jwt = await loginAs(vault, users.owner.email);
    dir = mkdtempSync(join(tmpdir(), 'vault-webhook-processes-'));
    writeFileSync(join(dir, 'ca.pem'), receiver.ca);
    serverEnv = {
      ...database.env,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      VAULT_DATA_DIR: join(dir, 'data'),
      NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      WEBHOOK_WORKER: 'on',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      WEBHOOK_RETRY_SCHEDULE: '0,1',
      // A claim lapses after 2 × 2 s + 5 s.
      WEBHOOK_TIMEOUT_MS: '2000',
      AUDIT_SEALER: 'off',
    };
    servers.push(await spawnServer(serverEnv));
    servers.push(await spawnServer(serverEnv));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await vault?.close();
    await receiver?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('two processes deliver 300 events, each attempt exactly once', async () => {
    const endpointId = await createEndpoint('/shared');
    receiver.reply(() => ({ status: 204 }));
    const ids: string[] = [];
    for (let index = 0; index < 300; index++) ids.push((await testEvent(endpointId))!.id);
    await receiver.waitFor((all) => new Set(all.map((request) => request.headers['webhook-id'])).size >= 300, 30_000);
    // Every delivery recorded; then time for a double send to show up, if there were one.
    const deadline = Date.now() + 30_000;
    const succeeded = async () =>
      (await vault.runtime.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1::uuid AND status = 'succeeded'", [endpointId]))[0]!.n;
    while ((await succeeded()) < 300 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = receiver.received.filter((request) => request.path === '/shared');
    expect(new Set(sent.map((request) => request.headers['webhook-id']))).toEqual(new Set(ids));
    expect(sent.every((request) => request.verified.ok)).toBe(true);
    // Each attempt reached the receiver exactly once: as many requests per event as attempts recorded (one,
    // unless a loaded machine made an attempt time out and be retried, which is then recorded too).
    const attempts = await vault.runtime.db.sql.query<{ event_id: string; attempts: number; status: string }>(
      `SELECT d.event_id, d.status::text, (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
       FROM webhook_deliveries d WHERE d.endpoint_id = $1::uuid`,
      [endpointId],
    );
    expect(attempts).toHaveLength(300);
    const received = new Map<string, number>();
    for (const request of sent) received.set(String(request.headers['webhook-id']), (received.get(String(request.headers['webhook-id'])) ?? 0) + 1);
    for (const row of attempts) {
      expect(row.status).toBe('succeeded');
      expect(received.get(row.event_id), row.event_id).toBe(row.attempts);
    }
  }, 60_000);

  it('a process killed mid-delivery: the attempt in flight is re-sent once its claim lapses, nothing else', async () => {
    const endpointId = await createEndpoint('/crash');
    let first = true;
    receiver.reply((request) => {
      if (request.path !== '/crash') return { status: 204 };
      if (first) {
        first = false;
        return { hang: true };
      }
      return { status: 200 };
    });
    const event = (await testEvent(endpointId))!;
    await receiver.waitFor((all) => all.some((request) => request.headers['webhook-id'] === event.id));
    // Both workers die without recording anything (kill -9), then a new process starts.
    await Promise.all(servers.splice(0).map((server) => server.stop('SIGKILL')));
    const killedAt = Date.now();
    servers.push(await spawnServer(serverEnv));
    await receiver.waitFor((all) => all.filter((request) => request.headers['webhook-id'] === event.id).length === 2, 20_000);
    const [crashed, resent] = receiver.received.filter((request) => request.headers['webhook-id'] === event.id);
    expect(resent!.body.equals(crashed!.body)).toBe(true);
    expect(resent!.verified.ok).toBe(true);
    expect(resent!.at - killedAt).toBeGreaterThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [delivery] = await vault.runtime.db.sql.query<{ status: string; attempts: number }>('SELECT status::text, attempts FROM webhook_deliveries WHERE event_id = $1', [event.id]);
    expect(delivery).toEqual({ status: 'succeeded', attempts: 1 });
    expect(receiver.received.filter((request) => request.headers['webhook-id'] === event.id)).toHaveLength(2);
  }, 60_000);
});

