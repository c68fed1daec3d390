import { describe, expect, it } from 'vitest';
import { presentProject } from './present-project';
import { ZCreateProjectRequestSchema, ZUpdateProjectRequestSchema } from './schemas';

describe('presentProject', () => {
  const createdAt = new Date('2026-01-02T03:04:05.678Z');
  it('shapes a test project without pub key', () => {
    expect(presentProject({ id: 'p', name: 'n', environment: 'test', createdAt })).toEqual({ id: 'p', name: 'n', environment: 'test', production: false, created_at: '2026-01-02T03:04:05.678Z' });
  });
  it('adds the pub key of a production project', () => {
    expect(presentProject({ id: 'p', name: 'n', environment: 'production', createdAt }, 'pk_live_x')).toMatchObject({ production: true, pub_key: 'pk_live_x' });
  });
});

describe('project schemas', () => {
  it('trims names and bounds them to 1–100 characters', () => {
    expect(ZCreateProjectRequestSchema.parse({ name: ' a ' })).toEqual({ name: 'a' });
    expect(ZCreateProjectRequestSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(ZCreateProjectRequestSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(ZCreateProjectRequestSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });
  it('needs a name or a pub key rotation to update', () => {
    expect(ZUpdateProjectRequestSchema.safeParse({}).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ rotate_pub_key: false }).success).toBe(false);
    expect(ZUpdateProjectRequestSchema.safeParse({ rotate_pub_key: true }).success).toBe(true);
  });
});
