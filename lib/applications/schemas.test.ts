import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../core/zod-fields';
import { ZCreateApplicationRequestSchema, ZRotateApplicationKeyRequestSchema, ZUpdateApplicationRequestSchema } from './schemas';

const paths = (result: { success: boolean; error?: Parameters<typeof zodIssuesToFields>[0] }) =>
  result.error ? zodIssuesToFields(result.error).map((field) => field.path) : [];

describe('application request schemas', () => {
  it('create: provisioning defaults to false, the name is trimmed', () => {
    expect(ZCreateApplicationRequestSchema.parse({ name: ' abc ', permissions: { tokenization: { allowed: true } } })).toEqual({
      name: 'abc',
      permissions: { tokenization: { allowed: true }, provisioning: { allowed: false } },
    });
  });

  it('create: detokenize is optional (absent: it follows tokenization) and must be {allowed: boolean}', () => {
    expect(ZCreateApplicationRequestSchema.parse({ name: 'abc', permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } }).permissions).toEqual({
      tokenization: { allowed: true },
      detokenize: { allowed: false },
      provisioning: { allowed: false },
    });
    expect(ZCreateApplicationRequestSchema.parse({ name: 'abc', permissions: { tokenization: { allowed: true } } }).permissions.detokenize).toBeUndefined();
    expect(paths(ZCreateApplicationRequestSchema.safeParse({ name: 'abc', permissions: { tokenization: { allowed: true }, detokenize: { allowed: 'no' } } }))).toEqual([
      'permissions.detokenize.allowed',
    ]);
    expect(paths(ZCreateApplicationRequestSchema.safeParse({ name: 'abc', permissions: { tokenization: { allowed: true }, detokenize: true } }))).toEqual(['permissions.detokenize']);
  });

  it('create: a missing permissions object still names the required leaf', () => {
    expect(paths(ZCreateApplicationRequestSchema.safeParse({ name: 'abc' }))).toEqual(['permissions.tokenization.allowed']);
    expect(paths(ZCreateApplicationRequestSchema.safeParse({ name: 'abc', permissions: {} }))).toEqual(['permissions.tokenization.allowed']);
  });

  it('create: name 3 to 50 characters', () => {
    const body = (name: string) => ({ name, permissions: { tokenization: { allowed: false } } });
    expect(ZCreateApplicationRequestSchema.safeParse(body('x'.repeat(3))).success).toBe(true);
    expect(ZCreateApplicationRequestSchema.safeParse(body('x'.repeat(50))).success).toBe(true);
    expect(paths(ZCreateApplicationRequestSchema.safeParse(body('xx')))).toEqual(['name']);
    expect(paths(ZCreateApplicationRequestSchema.safeParse(body('x'.repeat(51))))).toEqual(['name']);
  });

  it('update: at least one change', () => {
    expect(paths(ZUpdateApplicationRequestSchema.safeParse({}))).toEqual(['']);
    expect(paths(ZUpdateApplicationRequestSchema.safeParse({ permissions: {} }))).toEqual(['']);
    expect(ZUpdateApplicationRequestSchema.parse({ permissions: { provisioning: { allowed: true } } })).toEqual({ permissions: { provisioning: { allowed: true } } });
    expect(ZUpdateApplicationRequestSchema.parse({ permissions: { detokenize: { allowed: false } } })).toEqual({ permissions: { detokenize: { allowed: false } } });
  });

  it('rotate: grace period defaults to 0, integer 0..604800', () => {
    expect(ZRotateApplicationKeyRequestSchema.parse({})).toEqual({ grace_period_seconds: 0 });
    expect(ZRotateApplicationKeyRequestSchema.parse({ grace_period_seconds: 604_800 })).toEqual({ grace_period_seconds: 604_800 });
    for (const value of [-1, 604_801, 0.5, '5']) expect(paths(ZRotateApplicationKeyRequestSchema.safeParse({ grace_period_seconds: value }))).toEqual(['grace_period_seconds']);
  });
});
