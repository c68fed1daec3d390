// During a Sentinel fail-over the old primary is demoted under an open connection: a READONLY answer
// makes the client reconnect (to the primary the sentinels name now) without sending the write again.
import { describe, expect, it } from 'vitest';
import { Cluster, Redis } from 'ioredis';
import { createRedisClient, reconnectOnReadOnly } from './redis-client';

describe('reconnectOnReadOnly', () => {
  it('reconnects on READONLY, without resending the command (1, not 2)', () => {
    expect(reconnectOnReadOnly(new Error("READONLY You can't write against a read only replica."))).toBe(1);
  });

  it.each(['ERR unknown command', 'NOSCRIPT No matching script', 'Command timed out', 'LOADING Redis is loading'])('leaves %j alone', (message) => {
    expect(reconnectOnReadOnly(new Error(message))).toBe(false);
  });
});

// TLS verifies the server against Node's trust store (plus NODE_EXTRA_CA_CERTS): no option turns that off,
// and the tests over real TLS servers are in tests/integration/redis-tls.test.ts.
describe('createRedisClient with TLS', () => {
  const options = { keyPrefix: 'vault:', commandTimeoutMs: 1_000 };
  // lazyConnect is not set: the clients try to connect in the background; they are closed at once.
  const closed = <T extends Redis | Cluster>(client: T): T => {
    client.disconnect();
    return client;
  };

  it('Sentinel: TLS to the data nodes and to the sentinels', () => {
    const client = closed(createRedisClient({ kind: 'sentinel', sentinels: [{ host: '127.0.0.1', port: 1 }], name: 'm', tls: true }, options)) as Redis;
    expect(client.options).toMatchObject({ tls: {}, sentinelTLS: {}, enableTLSForSentinelMode: true });
    expect(JSON.stringify(client.options)).not.toContain('rejectUnauthorized');
  });

  it('Cluster: TLS to every node', () => {
    const client = closed(createRedisClient({ kind: 'cluster', nodes: [{ host: '127.0.0.1', port: 1 }], tls: true }, options)) as Cluster;
    expect(client.options.redisOptions).toMatchObject({ tls: {} });
  });

  it('one server: REDIS_TLS on a redis:// URL too; none of it without TLS', () => {
    expect((closed(createRedisClient({ kind: 'single', url: 'redis://127.0.0.1:1', tls: true }, options)) as Redis).options.tls).toEqual({});
    expect((closed(createRedisClient({ kind: 'single', url: 'rediss://127.0.0.1:1', tls: true }, options)) as Redis).options.tls).toEqual({});
    expect((closed(createRedisClient({ kind: 'single', url: 'redis://127.0.0.1:1' }, options)) as Redis).options.tls).toBeUndefined();
    const plain = closed(createRedisClient({ kind: 'sentinel', sentinels: [{ host: '127.0.0.1', port: 1 }], name: 'm' }, options)) as Redis;
    expect(plain.options).toMatchObject({ enableTLSForSentinelMode: false });
    expect(plain.options.tls).toBeUndefined();
  });
});
