import { describe, expect, it } from 'vitest';
import { presentProject } from './present-project';
import { ZCreateProjectRequestSchema, ZUpdateProjectRequestSchema } from './schemas';

describe('presentProject', () => {
  const createdAt = new Date('2026-01-02T03:04:05.678Z');
  /** A project's token settings as created: nothing searchable, no retention, no re-index running. */
  const settings = { searchableMetadataKeys: [], metadataReindexKeys: [], metadataReindexCursor: null, tokenRetentionDays: null };
  it('shapes a test project without pub key', () => {
    expect(presentProject({ id: 'p', name: 'n', environment: 'test', allowedProxyHosts: null, createdAt, ...settings })).toEqual({
      id: 'p',
      name: 'n',
      environment: 'test',
      production: false,
      allowed_proxy_hosts: null,
      searchable_metadata_keys: [],
      metadata_keys_indexing: [],
      token_retention_days: null,
      created_at: '2026-01-02T03:04:05.678Z',
    });
  });
  it('adds the pub key of a production project', () => {
    expect(presentProject({ id: 'p', name: 'n', environment: 'production', allowedProxyHosts: null, createdAt, ...settings }, 'pk_live_x')).toMatchObject({ production: true, pub_key: 'pk_live_x' });
  });
  it('shows the destination allow-list; a malformed stored value shows (and allows) nothing', () => {
    const row = (allowedProxyHosts: unknown) => presentProject({ id: 'p', name: 'n', environment: 'test', allowedProxyHosts, createdAt, ...settings }).allowed_proxy_hosts;
    expect(row(['psp.example.com', '*.psp.example'])).toEqual(['psp.example.com', '*.psp.example']);
    expect(row([])).toEqual([]);
    expect(row({ hosts: 'x' })).toEqual([]);
    expect(row(['a.example', 7])).toEqual(['a.example']);
  });
  it('shows the token settings, and the keys still being indexed only while the re-index walks', () => {
    const project = { id: 'p', name: 'n', environment: 'test' as const, allowedProxyHosts: null, createdAt, ...settings, searchableMetadataKeys: ['customer_id', 'plan'], tokenRetentionDays: 30 };
    expect(presentProject({ ...project, metadataReindexKeys: ['plan'], metadataReindexCursor: '00000000-0000-0000-0000-000000000000' })).toMatchObject({
      searchable_metadata_keys: ['customer_id', 'plan'],
      metadata_keys_indexing: ['plan'],
      token_retention_days: 30,
    });
    expect(presentProject({ ...project, metadataReindexKeys: ['plan'] }).metadata_keys_indexing).toEqual([]);
  });
});

describe('project schemas', () => {
  it('trims names and bounds them to 1–100 characters', () => {
    expect(ZCreateProjectRequestSchema.parse({ name: ' a ' })).toEqual({ name: 'a' });
    expect(ZCreateProjectRequestSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(ZCreateProjectRequestSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(ZCreateProjectRequestSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });
  it('needs a name, a pub key rotation, an allow-list or a token setting to update', () => {
    expect(ZUpdateProjectRequestSchema.safeParse({}).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ rotate_pub_key: false }).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ rotate_pub_key: true }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: null }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({ allowed_proxy_hosts: [] }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({ searchable_metadata_keys: [] }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({ token_retention_days: null }).success).toBe(true);
    expect(ZUpdateProjectRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('name, rotate_pub_key, allowed_proxy_hosts, searchable_metadata_keys or token_retention_days is required');
  });
  it('keeps searchable keys once each, and names a bad key or retention', () => {
    expect(ZUpdateProjectRequestSchema.parse({ searchable_metadata_keys: ['customer_id', 'plan', 'customer_id'] })).toEqual({ searchable_metadata_keys: ['customer_id', 'plan'] });
    const paths = (body: unknown) => ZUpdateProjectRequestSchema.safeParse(body).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(paths({ searchable_metadata_keys: ['ok', 'Not-Ok'] })).toEqual(['searchable_metadata_keys.1: searchable_metadata_keys entries must be 1 to 40 of a-z, 0-9 and _']);
    expect(paths({ searchable_metadata_keys: ['x'.repeat(41)] })).toEqual(['searchable_metadata_keys.0: searchable_metadata_keys entries must be 1 to 40 of a-z, 0-9 and _']);
    expect(paths({ searchable_metadata_keys: 'customer_id' })).toEqual(['searchable_metadata_keys: searchable_metadata_keys must be an array of metadata keys']);
    expect(paths({ searchable_metadata_keys: Array.from({ length: 21 }, (_, i) => `k${i}`) })).toEqual(['searchable_metadata_keys: searchable_metadata_keys may hold at most 20 keys']);
    // 21 entries of which 20 differ: duplicates are dropped first.
    expect(paths({ searchable_metadata_keys: [...Array.from({ length: 20 }, (_, i) => `k${i}`), 'k0'] })).toBeUndefined();
    const retention = 'token_retention_days must be an integer from 1 to 3650, or null';
    for (const days of [0, 3651, 1.5, '30', -1]) expect(paths({ token_retention_days: days })).toEqual([`token_retention_days: ${retention}`]);
    for (const days of [1, 3650, null]) expect(paths({ token_retention_days: days })).toBeUndefined();
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
