import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../core/audit-entry';
import { AuditWriter } from './audit-writer';

const key = randomBytes(32);
const keyring = { auditChainKey: () => key };
const entry = (n: number): AuditEntry => ({ action: 'tokenize', outcome: 'success', statusCode: 201, requestId: `r${n}`, accountId: null });

function fakeDb() {
  const batches: AuditEntry[][] = [];
  let release: (() => void) | undefined;
  let fail = false;
  const db = {
    sql: {
      query: async (_text: string, values: unknown[], _name?: string) => {
        // Fourteen values a row; the request id (the twelfth) identifies the entry.
        const requestIds = values.filter((_, index) => index % 14 === 11);
        batches.push(requestIds.map((requestId) => entry(Number(String(requestId).slice(1)))));
        await new Promise<void>((resolve) => (release = resolve));
        if (fail) throw new Error('database down');
        return [];
      },
    },
  };
  return { db, batches, release: () => release?.(), failNext: () => (fail = true) };
}

describe('AuditWriter', () => {
  it('writes the first row at once and groups rows that arrive during a write', async () => {
    const fake = fakeDb();
    const writer = new AuditWriter(fake.db as never, keyring);
    const first = writer.write(entry(1));
    await Promise.resolve();
    expect(fake.batches).toEqual([[entry(1)]]);
    const rest = [writer.write(entry(2)), writer.write(entry(3)), writer.write(entry(4))];
    fake.release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.batches[1]).toEqual([entry(2), entry(3), entry(4)]);
    fake.release();
    await Promise.all(rest);
    expect(fake.batches).toHaveLength(2);
  });

  it('acknowledges no row before its batch is committed, and reports a failed batch to each waiter', async () => {
    const fake = fakeDb();
    const writer = new AuditWriter(fake.db as never, keyring);
    let settled = false;
    const pending = writer.write(entry(1)).finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    fake.failNext();
    fake.release();
    await expect(pending).rejects.toThrow('database down');
  });
});
