// First start on an empty database, on an in-memory PGlite.
import { verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createRuntime } from '../runtime/create-runtime';
import type { Runtime } from '../runtime/types';
import { login } from '../auth/login';
import { bootstrapBanner, bootstrapIfEmpty } from './bootstrap';

let runtime: Runtime | undefined;
afterEach(() => runtime?.close());

async function emptyVault(env: Record<string, string> = {}) {
  const config = parseConfig({ VAULT_DATA_DIR: 'memory://', VAULT_MASTER_KEY: randomBytes(32).toString('base64'), ...env });
  runtime = await createRuntime({ config, logger: createLogger({ level: 'silent' }) });
  return runtime;
}

describe('bootstrapIfEmpty', () => {
  it('creates the owner from VAULT_ADMIN_EMAIL / VAULT_ADMIN_PASSWORD, a test project and a tokenization key — once', async () => {
    const vault = await emptyVault({ VAULT_ADMIN_EMAIL: 'Owner@Example.com', VAULT_ADMIN_PASSWORD: 'correct horse 42' });
    const result = await bootstrapIfEmpty(vault);
    expect(result).toMatchObject({ ownerEmail: 'owner@example.com', apiKey: expect.stringMatching(/^vk_test_[0-9A-Za-z]{32}$/) });
    expect(result!.generatedPassword).toBeUndefined();

    const { prisma } = vault.db;
    const user = await prisma.user.findUniqueOrThrow({ where: { email: 'owner@example.com' }, omit: { passwordHash: false } });
    expect(user.role).toBe('owner');
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.passwordHash, 'correct horse 42')).toBe(true);
    const project = await prisma.project.findUniqueOrThrow({ where: { id: result!.projectId } });
    expect(project.environment).toBe('test');
    const application = await prisma.application.findUniqueOrThrow({ where: { id: result!.applicationId }, omit: { keyHash: false } });
    expect(application).toMatchObject({ tokenization: true, provisioning: false, keyHash: vault.keyring.hashSecret(result!.apiKey) });

    expect(await bootstrapIfEmpty(vault)).toBeNull();
    expect(await prisma.account.count()).toBe(1);
  });

  it('generates a password when none is configured, and the banner shows it with a curl', async () => {
    const vault = await emptyVault();
    const result = (await bootstrapIfEmpty(vault))!;
    expect(result.ownerEmail).toBe('admin@localhost');
    expect(result.generatedPassword).toMatch(/^[0-9A-Za-z]{22}$/);
    const user = await vault.db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@localhost' }, omit: { passwordHash: false } });
    expect(await verify(user.passwordHash, result.generatedPassword!)).toBe(true);
    const banner = bootstrapBanner(result, 'http://localhost:3000');
    expect(banner).toContain(result.generatedPassword);
    expect(banner).toContain(`curl -s -X POST http://localhost:3000/tokenize`);
    expect(banner).toContain(`-H 'X-API-Key: ${result.apiKey}'`);
    // Issue 21: production projects send card data nowhere until they name a host.
    expect(banner).toContain("  Production projects send card data nowhere until their allowed_proxy_hosts names a host");
    expect(banner).toContain('(Projects → Destinations, or PUT /api/projects/{id}).');
  });

  it('the generated password is born expired: the first login answers password_expired (the owner must choose one)', async () => {
    const vault = await emptyVault();
    const result = (await bootstrapIfEmpty(vault))!;
    const first = await login(vault, { email: result.ownerEmail, password: result.generatedPassword!, ip: null, userAgent: null });
    expect(first.kind).toBe('password_expired');
    expect(first).toMatchObject({ resetToken: expect.any(String) });
  });

  it('a password the operator chose (VAULT_ADMIN_PASSWORD) is an ordinary one: the first login signs in', async () => {
    const vault = await emptyVault({ VAULT_ADMIN_PASSWORD: 'correct horse 42' });
    const result = (await bootstrapIfEmpty(vault))!;
    expect((await login(vault, { email: result.ownerEmail, password: 'correct horse 42', ip: null, userAgent: null })).kind).toBe('session');
  });
});
