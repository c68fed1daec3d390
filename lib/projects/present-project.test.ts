import { describe, expect, it } from 'vitest';
import { presentProject } from './present-project';
import { ZCreateProjectRequestSchema, ZUpdateProjectRequestSchema } from './schemas';

describe('presentProject', () => {
  const createdAt = new Date('2026-01-02T03:04:05.678Z');
  it('shapes a test project without pub key', () => {
    expect(presentProject({ id: 'p', name: 'n', environment: 'test', allowedProxyHosts: null, createdAt })).toEqual({
      id: 'p',
      name: 'n',
      environment: 'test',
      production: false,
      allowed_proxy_hosts: null,
      created_at: '2026-01-02T03:04:05.678Z',
    });
  });
  it('adds the pub key of a production project', () => {
    expect(presentProject({ id: 'p', name: 'n', environment: 'production', allowedProxyHosts: null, createdAt }, 'pk_live_x')).toMatchObject({ production: true, pub_key: 'pk_live_x' });
  });
  it('shows the destination allow-list; a malformed stored value shows (and allows) nothing', () => {
    const row = (allowedProxyHosts: unknown) => presentProject({ id: 'p', name: 'n', environment: 'test', allowedProxyHosts, createdAt }).allowed_proxy_hosts;
    expect(row(['psp.example.com', '*.psp.example'])).toEqual(['psp.example.com', '*.psp.example']);
    expect(row([])).toEqual([]);
    expect(row({ hosts: 'x' })).toEqual([]);
    expect(row(['a.example', 7])).toEqual(['a.example']);
  });
});

describe('project schemas', () => {
  it('trims names and bounds them to 1–100 characters', () => {
    expect(ZCreateProjectRequestSchema.parse({ name: ' a ' })).toEqual({ name: 'a' });
    expect(ZCreateProjectRequestSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(ZCreateProjectRequestSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(ZCreateProjectRequestSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });
  it('needs a name, a pub key rotation or an allow-list to update', () => {
    expect(ZUpdateProjectRequestSchema.safeParse({}).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ rotate_pub_key: false }).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ rotate_pub_key: true }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: null }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: [] }).success).toBe(true);
  });
  it('stores allow-list entries normalised, once each, and names a bad entry', () => {
    expect(ZUpdateProjectRequestSchema.parse({ allowed_proxy_hosts: ['PSP.Example.COM.', 'psp.example.com:443', '*.Cdn.Example', 'pay.example:8443'] })).toEqual({
      allowed_proxy_hosts: ['psp.example.com', '*.cdn.example', 'pay.example:8443'],
    });
    const bad = ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: ['ok.example', 'https://psp.example/'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['allowed_proxy_hosts.1']);
    expect(ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: 'psp.example' }).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: Array.from({ length: 101 }, (_, i) => `h${i}.example`) }).success).toBe(false);
  });
});
