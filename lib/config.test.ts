import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { redisTopologyOf } from './store/redis-topology';

const key = Buffer.alloc(32, 7).toString('base64');

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig', () => {
  it('has the documented defaults (embedded default)', () => {
    expect(parseConfig({})).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      VAULT_DATA_DIR: './data',
      CVC_SESSION_TTL_SECONDS: 90,
      TEST_CVC_SESSION_TTL_SECONDS: 31_536_000,
      PROXY_TIMEOUT_MS: 30_000,
      PROXY_ALLOWED_PRIVATE_HOSTS: [],
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: [],
      embedded: true,
      TRUST_PROXY: false,
      VAULT_API_ONLY: false,
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      APP_URL: 'https://vault.example.com/',
      DATABASE_URL: 'postgresql://u@db:5432/vault',
      REDIS_URL: 'redis://cache:6379',
      VAULT_MASTER_KEY: key,
      CVC_SESSION_TTL_SECONDS: '30',
      TEST_CVC_SESSION_TTL_SECONDS: '600',
      PROXY_TIMEOUT_MS: '5000',
      PROXY_ALLOWED_PRIVATE_HOSTS: 'psp.internal, 10.0.0.5 ,',
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: ' localhost,hooks.internal',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      APP_URL: 'https://vault.example.com',
      embedded: false,
      CVC_SESSION_TTL_SECONDS: 30,
      TEST_CVC_SESSION_TTL_SECONDS: 600,
      PROXY_TIMEOUT_MS: 5000,
      PROXY_ALLOWED_PRIVATE_HOSTS: ['psp.internal', '10.0.0.5'],
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: ['localhost', 'hooks.internal'],
    });
  });

  it('APP_URL defaults to the configured port', () => {
    expect(parseConfig({ PORT: '4100' }).APP_URL).toBe('http://localhost:4100');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT: PORT must be at most 65535'],
    [{ CVC_SESSION_TTL_SECONDS: '0' }, 'CVC_SESSION_TTL_SECONDS: CVC_SESSION_TTL_SECONDS must be positive'],
    [{ PROXY_TIMEOUT_MS: '1.5' }, 'PROXY_TIMEOUT_MS: PROXY_TIMEOUT_MS must be a whole number'],
    [{ VAULT_MASTER_KEY: 'c2hvcnQ=' }, 'VAULT_MASTER_KEY: VAULT_MASTER_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)'],
    [{ DATABASE_URL: 'mysql://x@y/z', VAULT_MASTER_KEY: key }, 'DATABASE_URL: DATABASE_URL must be a URL (postgres|postgresql:)'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL: REDIS_URL must be a URL (redis|rediss:)'],
    [{ LOG_LEVEL: 'loud' }, expect.stringMatching(/^LOG_LEVEL: /)],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(problems(env as Record<string, string>)).toEqual([message]);
  });

  it('refuses a missing master key with DATABASE_URL in production', () => {
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://u@db/vault' })).toEqual([
      'VAULT_MASTER_KEY: required when NODE_ENV=production with DATABASE_URL (it is only generated for the embedded default)',
    ]);
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://u@db/vault', VAULT_MASTER_KEY: key })).toEqual([]);
    expect(problems({ NODE_ENV: 'production' })).toEqual([]);
  });

  it('VAULT_REGISTRATION is closed unless opened; TRUST_PROXY takes true/1, a hop count or IPs/CIDRs', () => {
    expect(parseConfig({}).VAULT_REGISTRATION).toBe('closed');
    expect(parseConfig({ VAULT_REGISTRATION: 'open' }).VAULT_REGISTRATION).toBe('open');
    expect(problems({ VAULT_REGISTRATION: 'yes' })).toEqual(['VAULT_REGISTRATION: VAULT_REGISTRATION must be closed or open']);
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseConfig({ TRUST_PROXY: '3' }).TRUST_PROXY).toEqual({ hops: 3 });
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toMatchObject({ ranges: ['10.0.0.0/8', '::1'] });
    expect(problems({ TRUST_PROXY: 'loadbalancer' })).toEqual([
      'TRUST_PROXY: TRUST_PROXY must be true, false, a hop count, or a comma list of IP addresses / CIDRs (not "loadbalancer")',
    ]);
  });

  it('PROXY_REQUIRE_ALLOW_LIST is off unless set; MAX_PROJECTS_PER_ACCOUNT defaults to 100', () => {
    expect(parseConfig({})).toMatchObject({ PROXY_REQUIRE_ALLOW_LIST: false, MAX_PROJECTS_PER_ACCOUNT: 100 });
    expect(parseConfig({ PROXY_REQUIRE_ALLOW_LIST: 'true', MAX_PROJECTS_PER_ACCOUNT: '5' })).toMatchObject({ PROXY_REQUIRE_ALLOW_LIST: true, MAX_PROJECTS_PER_ACCOUNT: 5 });
    expect(parseConfig({ PROXY_REQUIRE_ALLOW_LIST: '1' }).PROXY_REQUIRE_ALLOW_LIST).toBe(true);
    expect(problems({ PROXY_REQUIRE_ALLOW_LIST: 'yes' })).toEqual(['PROXY_REQUIRE_ALLOW_LIST: PROXY_REQUIRE_ALLOW_LIST must be true or false']);
    expect(problems({ MAX_PROJECTS_PER_ACCOUNT: '0' })).toEqual(['MAX_PROJECTS_PER_ACCOUNT: MAX_PROJECTS_PER_ACCOUNT must be positive']);
  });

  it('AUDIT_ANCHOR_FILE is unset by default and a path when set', () => {
    expect(parseConfig({}).AUDIT_ANCHOR_FILE).toBeUndefined();
    expect(parseConfig({ AUDIT_ANCHOR_FILE: '/anchors/vault.log' }).AUDIT_ANCHOR_FILE).toBe('/anchors/vault.log');
    expect(() => parseConfig({ AUDIT_ANCHOR_FILE: ' ' })).toThrow(/AUDIT_ANCHOR_FILE must not be blank/);
  });

  it('AUDIT_SEALER is on unless set to off (or false/0)', () => {
    expect(parseConfig({}).AUDIT_SEALER).toBe(true);
    expect(parseConfig({ AUDIT_SEALER: 'off' }).AUDIT_SEALER).toBe(false);
    expect(parseConfig({ AUDIT_SEALER: '0' }).AUDIT_SEALER).toBe(false);
    expect(parseConfig({ AUDIT_SEALER: 'on' }).AUDIT_SEALER).toBe(true);
    expect(problems({ AUDIT_SEALER: 'paused' })).toEqual(['AUDIT_SEALER: AUDIT_SEALER must be on or off']);
  });

  it('DATABASE_QUERY_TIMEOUT_MS defaults to 5000, REDIS_COMMAND_TIMEOUT_MS to 1000: positive whole milliseconds', () => {
    expect(parseConfig({})).toMatchObject({ DATABASE_QUERY_TIMEOUT_MS: 5_000, REDIS_COMMAND_TIMEOUT_MS: 1_000 });
    expect(parseConfig({ DATABASE_QUERY_TIMEOUT_MS: '2500', REDIS_COMMAND_TIMEOUT_MS: '300' })).toMatchObject({ DATABASE_QUERY_TIMEOUT_MS: 2_500, REDIS_COMMAND_TIMEOUT_MS: 300 });
    expect(problems({ DATABASE_QUERY_TIMEOUT_MS: '0' })).toEqual(['DATABASE_QUERY_TIMEOUT_MS: DATABASE_QUERY_TIMEOUT_MS must be positive']);
    expect(problems({ REDIS_COMMAND_TIMEOUT_MS: '1.5' })).toEqual(['REDIS_COMMAND_TIMEOUT_MS: REDIS_COMMAND_TIMEOUT_MS must be a whole number']);
  });

  it('DATABASE_POOLER is none unless pgbouncer, which needs DATABASE_URL and DATABASE_DIRECT_URL', () => {
    const pooled = 'postgresql://u@pgbouncer:6432/vault';
    const direct = 'postgresql://u@db:5432/vault';
    expect(parseConfig({ DATABASE_URL: pooled }).DATABASE_POOLER).toBe('none');
    expect(parseConfig({ DATABASE_URL: pooled }).DATABASE_DIRECT_URL).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: direct })).toMatchObject({
      DATABASE_URL: pooled,
      DATABASE_POOLER: 'pgbouncer',
      DATABASE_DIRECT_URL: direct,
    });
    // A direct URL alone is allowed (migrations and LISTEN use it; statements stay named).
    expect(parseConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }).DATABASE_DIRECT_URL).toBe(direct);
    expect(problems({ DATABASE_URL: pooled, DATABASE_POOLER: 'pgbouncer' })).toEqual([
      'DATABASE_DIRECT_URL: required with DATABASE_POOLER=pgbouncer: migrations take a session-level lock and webhooks LISTEN, which a transaction-mode pool cannot hold; point it at PostgreSQL itself or a session-mode PgBouncer pool',
    ]);
    expect(problems({ DATABASE_POOLER: 'pgbouncer' })).toEqual(['DATABASE_POOLER: pgbouncer needs DATABASE_URL (the PgBouncer pool)']);
    expect(problems({ DATABASE_DIRECT_URL: direct })).toEqual(['DATABASE_DIRECT_URL: only used with DATABASE_URL (the embedded database has no pooler)']);
    expect(problems({ DATABASE_URL: pooled, DATABASE_POOLER: 'pgpool' })).toEqual(['DATABASE_POOLER: DATABASE_POOLER must be none or pgbouncer']);
    expect(problems({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'http://db' })).toEqual(['DATABASE_DIRECT_URL: DATABASE_DIRECT_URL must be a URL (postgres|postgresql:)']);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', REDIS_URL: '', PORT: '' })).toMatchObject({ embedded: true, PORT: 3000, REDIS_URL: undefined });
  });
});

describe('Redis topology: REDIS_URL, REDIS_SENTINELS + REDIS_SENTINEL_NAME, REDIS_CLUSTER_NODES', () => {
  const topology = (env: Record<string, string>) => redisTopologyOf(parseConfig(env));

  it('REDIS_URL alone: one server; nothing set: the in-process store', () => {
    expect(topology({ REDIS_URL: 'redis://cache:6379' })).toEqual({ kind: 'single', url: 'redis://cache:6379' });
    expect(topology({})).toBeUndefined();
    expect(topology({ REDIS_URL: '', REDIS_SENTINELS: '', REDIS_CLUSTER_NODES: '' })).toBeUndefined();
  });

  it('Sentinel: the list, the name and the passwords; it wins over a REDIS_URL also set', () => {
    const env = { REDIS_SENTINELS: ' s1:26379, 10.0.0.2:26380 ,[::1]:26381,', REDIS_SENTINEL_NAME: 'vault-primary' };
    const sentinels = [{ host: 's1', port: 26379 }, { host: '10.0.0.2', port: 26380 }, { host: '::1', port: 26381 }];
    expect(topology(env)).toEqual({ kind: 'sentinel', sentinels, name: 'vault-primary' });
    expect(topology({ ...env, REDIS_URL: 'redis://elsewhere:6379', REDIS_PASSWORD: 'data-secret', REDIS_SENTINEL_PASSWORD: 'sentinel-secret' })).toEqual({
      kind: 'sentinel',
      sentinels,
      name: 'vault-primary',
      password: 'data-secret',
      sentinelPassword: 'sentinel-secret',
    });
  });

  it('Cluster: the seed nodes and the password; it wins over a REDIS_URL also set', () => {
    const nodes = [{ host: 'redis-0.redis', port: 6379 }, { host: 'redis-1.redis', port: 6380 }];
    expect(topology({ REDIS_CLUSTER_NODES: 'redis-0.redis:6379,redis-1.redis:6380', REDIS_URL: 'redis://elsewhere:6379', REDIS_PASSWORD: 'p' })).toEqual({
      kind: 'cluster',
      nodes,
      password: 'p',
    });
  });

  it('TLS: a rediss:// URL, or REDIS_TLS=true for any topology (certificates checked against Node\'s trust store + NODE_EXTRA_CA_CERTS)', () => {
    expect(topology({ REDIS_URL: 'rediss://:pw@cache:6380' })).toEqual({ kind: 'single', url: 'rediss://:pw@cache:6380', tls: true });
    expect(topology({ REDIS_URL: 'redis://cache:6380', REDIS_TLS: 'true' })).toEqual({ kind: 'single', url: 'redis://cache:6380', tls: true });
    expect(topology({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'm', REDIS_TLS: 'true' })).toEqual({ kind: 'sentinel', sentinels: [{ host: 's1', port: 26379 }], name: 'm', tls: true });
    expect(topology({ REDIS_CLUSTER_NODES: 'c1:6379', REDIS_TLS: '1' })).toEqual({ kind: 'cluster', nodes: [{ host: 'c1', port: 6379 }], tls: true });
    expect(topology({ REDIS_CLUSTER_NODES: 'c1:6379', REDIS_TLS: 'false' })).toEqual({ kind: 'cluster', nodes: [{ host: 'c1', port: 6379 }] });
    expect(problems({ REDIS_CLUSTER_NODES: 'c1:6379', REDIS_TLS: 'yes' })).toEqual(['REDIS_TLS: REDIS_TLS must be true or false']);
  });

  it('both Sentinel and Cluster → a start-up error naming both variables', () => {
    expect(problems({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'm', REDIS_CLUSTER_NODES: 'c1:6379' })).toEqual([
      'REDIS_SENTINELS, REDIS_CLUSTER_NODES: set one of them (Sentinel or Cluster), not both',
    ]);
  });

  it('REDIS_SENTINELS without REDIS_SENTINEL_NAME → an error naming REDIS_SENTINEL_NAME', () => {
    expect(problems({ REDIS_SENTINELS: 's1:26379' })).toEqual([
      'REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the name the sentinels monitor the primary under)',
    ]);
    expect(problems({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: '  ' })).toEqual(['REDIS_SENTINEL_NAME: REDIS_SENTINEL_NAME must not be blank']);
  });

  it.each(['s1', 's1:', ':26379', 's1:0', 's1:65536', 's1:26379;s2:26379', 'redis://s1:26379', 's1:26379,s2', ',', '::1:26379', 'a b:1'])(
    'a malformed list (%j) → an error naming the variable',
    (list) => {
      const sentinelHint = 'REDIS_SENTINELS: REDIS_SENTINELS must be a comma-separated list of host:port (e.g. 10.0.0.1:26379,10.0.0.2:26379)';
      const clusterHint = 'REDIS_CLUSTER_NODES: REDIS_CLUSTER_NODES must be a comma-separated list of host:port (e.g. 10.0.0.1:6379,10.0.0.2:6379)';
      expect(problems({ REDIS_SENTINELS: list, REDIS_SENTINEL_NAME: 'm' })).toEqual([sentinelHint]);
      expect(problems({ REDIS_CLUSTER_NODES: list })).toEqual([clusterHint]);
    },
  );
});
