// docker-compose.yml (no container daemon here): valid against the Compose Specification's JSON schema
// (the copy dclint ships) and clean under dclint's rules; PostgreSQL 16, Redis 7 without persistence, two
// vault nodes from the Dockerfile (read-only root, /tmp as tmpfs, the data folder a volume, started once
// the databases are healthy) and Caddy with `tls internal` for localhost in front of both; the nodes'
// settings are variables lib/config.ts reads, with values it accepts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { DCLinter } from 'dclint';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/config';
import { unknownVariables } from '../helpers/config-variables';
import { readDockerfile, stageEnv } from '../helpers/dockerfile';

const root = join(__dirname, '..', '..');
const composeFile = join(root, 'docker-compose.yml');
// Compose reads YAML merge keys (`<<: *vault-node`).
const compose = parseYaml(readFileSync(composeFile, 'utf8'), { merge: true }) as { services: Record<string, any>; [key: string]: unknown };
const caddyfile = readFileSync(join(root, 'deploy', 'Caddyfile'), 'utf8');
const dockerfile = readDockerfile(join(root, 'Dockerfile'));
const imageEnv = stageEnv(dockerfile, Math.max(...dockerfile.map((instruction) => instruction.stage)));
const nodes = ['vault-1', 'vault-2'].map((name) => compose.services[name]);

/** Compose's interpolation of `${NAME}`, `${NAME:?message}` and `${NAME:-default}` from a .env. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(?::[?-][^}]*)?\}/g, (_whole, name: string) => {
    if (!(name in env)) throw new Error(`${name} is not in the example .env`);
    return env[name]!;
  });
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules', 'dclint', 'schemas', 'compose.schema.json'), 'utf8'));
    delete schema.$schema;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // The check itself: an unknown service key is refused.
    expect(validate({ services: { x: { image: 'a', readonly: true } } })).toBe(false);
  });

  it('passes dclint with no error and no warning', () => {
    const [result] = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] }).lintFiles([composeFile], false);
    expect(result!.messages.map((message) => `${message.line}: ${message.rule} ${message.message}`)).toEqual([]);
  });

  it('PostgreSQL 16 and Redis 7 (no persistence: CVC sessions never reach a disk), each with a healthcheck', () => {
    const { postgres, redis } = compose.services;
    expect(postgres.image).toBe('postgres:16');
    expect(redis.image).toBe('redis:7');
    expect(postgres.healthcheck.test).toEqual(['CMD', 'pg_isready', '-U', 'vault', '-d', 'vault']);
    expect(redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(redis.command.join(' ')).toMatch(/--save {2}--appendonly no$/);
    expect(redis.command).toContain('--requirepass');
  });

  it('two vault nodes from the Dockerfile: read-only root, /tmp a tmpfs, VAULT_DATA_DIR a volume of their own', () => {
    const volumes = nodes.map((node) => node.volumes);
    expect(volumes).toEqual([[`vault-1-data:${imageEnv.VAULT_DATA_DIR}`], [`vault-2-data:${imageEnv.VAULT_DATA_DIR}`]]);
    for (const node of nodes) {
      expect(node.build).toBe('.');
      expect(node.read_only).toBe(true);
      expect(node.tmpfs).toEqual(['/tmp']);
      expect(node.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
      // No healthcheck of their own: the image's HEALTHCHECK (/health) is what `service_healthy` waits for.
      expect(node.healthcheck).toBeUndefined();
    }
    expect(dockerfile.some((instruction) => instruction.keyword === 'HEALTHCHECK')).toBe(true);
  });

  it('secrets come from .env, and compose refuses to start without them', () => {
    const environment = nodes[0].environment as Record<string, string>;
    expect(environment.VAULT_MASTER_KEY).toMatch(/^\$\{VAULT_MASTER_KEY:\?/);
    expect(environment.DATABASE_URL).toMatch(/^postgresql:\/\/vault:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/vault$/);
    expect(environment.REDIS_URL).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/);
    const example = readFileSync(join(root, 'deploy', 'compose.env.example'), 'utf8');
    for (const name of ['POSTGRES_PASSWORD', 'REDIS_PASSWORD', 'VAULT_MASTER_KEY']) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
  });

  it('the nodes set only variables lib/config.ts reads, and with the image defaults and a filled .env it accepts them', () => {
    const environment = nodes[0].environment as Record<string, string>;
    expect(nodes[1].environment).toEqual(environment);
    expect(unknownVariables(Object.keys(environment))).toEqual([]);
    const dotEnv = { POSTGRES_PASSWORD: 'pw', REDIS_PASSWORD: 'pw', VAULT_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
    const config = parseConfig({ ...imageEnv, ...Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(value, dotEnv)])) });
    expect(config).toMatchObject({ embedded: false, APP_URL: 'https://localhost', DATABASE_URL: 'postgresql://vault:pw@postgres:5432/vault', REDIS_URL: 'redis://:pw@redis:6379', TRUST_PROXY: { hops: 1 } });
  });

  it('Caddy serves https://localhost with its own CA (`tls internal`), round robin over the nodes that are ready', () => {
    const { caddy } = compose.services;
    expect(caddy.image).toBe('caddy:2');
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy.ports).toEqual(['127.0.0.1:80:80', '127.0.0.1:443:443']);
    expect(caddy.depends_on).toEqual({ 'vault-1': { condition: 'service_healthy' }, 'vault-2': { condition: 'service_healthy' } });
    const site = /^localhost \{\n([\s\S]*?)\n\}/m.exec(caddyfile.replace(/^#.*\n/gm, ''));
    expect(site).not.toBeNull();
    const block = site![1]!;
    expect(block).toMatch(/^\ttls internal$/m);
    expect(block).toContain(`reverse_proxy vault-1:${imageEnv.PORT} vault-2:${imageEnv.PORT} {`);
    expect(block).toMatch(/^\t\tlb_policy round_robin$/m);
    expect(block).toMatch(/^\t\thealth_uri \/ready$/m);
    // The public URL the nodes are told is the one Caddy serves.
    expect(nodes[0].environment.APP_URL).toBe('https://localhost');
  });
});
