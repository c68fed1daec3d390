// audit_day_counts: the sealer counts each sealed row once per project, application, UTC day and action, in
// the statement that inserts the seal (lib/audit/audit-day-counts.ts), and usage reads those counts plus
// the rows not sealed yet (lib/usage/read-usage-rows.ts). Checked: the counts of a few seals against the
// rows, a seal that loses its index counting nothing, usage equal before, during and after sealing, days
// before `complete_from` taken from the closed-day roll-up, and the migration's choice of `complete_from`.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHead, insertSeal, nextSeal, sealAuditLog } from '../../lib/audit/audit-chain';
import { auditDayCountsFrom } from '../../lib/audit/audit-day-counts';
import { parseConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createRuntime } from '../../lib/runtime/create-runtime';
import type { Runtime } from '../../lib/runtime/types';
import { createProject } from '../../lib/projects/create-project';
import { readUsageRows } from '../../lib/usage/read-usage-rows';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { testEnv } from '../helpers/test-vault';
import { writeAuditRowAt } from '../helpers/write-audit-row';

let database: OwnDatabase;
let runtime: Runtime;

beforeAll(async () => {
  database = await ownDatabase();
  // No background sealer: each test seals when it means to.
  runtime = await createRuntime({ config: parseConfig(testEnv({ ...database.env, AUDIT_SEALER: 'off' })), logger: createLogger({ level: 'silent' }), migrate: !database.env.DATABASE_URL });
});
afterAll(async () => {
  await runtime?.close();
  await database?.drop();
});

/** A real project (the closed-day roll-up keeps its days under the project). */
async function newProject(): Promise<string> {
  const account = await runtime.db.prisma.account.create({ data: { name: 'day counts' }, select: { id: true } });
  return (await createProject(runtime, { accountId: account.id, name: 'day counts', environment: 'test' })).id;
}

const today = () => new Date().toISOString().slice(0, 10);
const dayBefore = (day: string, n = 1) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

type Row = { action: string; outcome: 'success' | 'failure'; projectId: string | null; applicationId?: string | null; tokenId?: string; at?: Date };
const write = (row: Row) =>
  writeAuditRowAt(
    runtime,
    {
      action: row.action,
      outcome: row.outcome,
      statusCode: row.outcome === 'success' ? 200 : 400,
      accountId: null,
      projectId: row.projectId,
      applicationId: row.applicationId ?? null,
      tokenId: row.tokenId ?? null,
      requestId: randomUUID(),
    },
    row.at ?? new Date(),
  );

const counts = (projectId: string) =>
  runtime.db.sql.query<{ application_key: string; day: string; action: string; success_rows: string; failure_rows: string; failures_with_token: string }>(
    `SELECT application_key, to_char(day, 'YYYY-MM-DD') AS day, action, success_rows::text, failure_rows::text, failures_with_token::text
     FROM audit_day_counts WHERE project_id = $1::uuid ORDER BY day, action, application_key`,
    [projectId],
  );

/** Sums usage rows per action: the figures a reader would show. */
async function usageOf(projectId: string, days: string[], applicationId?: string) {
  const sums: Record<string, { success: number; failure: number; after_read: number }> = {};
  for (const row of await readUsageRows(runtime, { projectId, days, applicationId })) {
    const sum = (sums[`${row.day} ${row.action}`] ??= { success: 0, failure: 0, after_read: 0 });
    sum.success += row.success_rows;
    sum.failure += row.failure_rows;
    sum.after_read += row.after_read_failures;
  }
  return sums;
}

describe('the sealer counts what it seals', () => {
  it('each sealed row once, per project, application, UTC day and action; rows without a project are not counted', async () => {
    const projectId = randomUUID();
    const applicationId = randomUUID();
    const day = today();
    await write({ action: 'tokenize', outcome: 'success', projectId, applicationId });
    await write({ action: 'tokenize', outcome: 'success', projectId, applicationId });
    await write({ action: 'tokenize', outcome: 'failure', projectId });
    await write({ action: 'proxy.transaction', outcome: 'success', projectId, applicationId, tokenId: randomUUID() });
    await write({ action: 'proxy.transaction', outcome: 'failure', projectId, applicationId, tokenId: randomUUID() });
    await write({ action: 'proxy.transaction', outcome: 'failure', projectId, applicationId });
    await write({ action: 'auth.login', outcome: 'failure', projectId: null });
    expect(await counts(projectId)).toEqual([]);
    // Small seals: the counts of one day add up across them.
    expect(await sealAuditLog(runtime, { batchSize: 2 })).toBeGreaterThanOrEqual(7);
    expect(await counts(projectId)).toEqual([
      { application_key: applicationId, day, action: 'proxy.transaction', success_rows: '1', failure_rows: '2', failures_with_token: '1' },
      { application_key: '', day, action: 'tokenize', success_rows: '0', failure_rows: '1', failures_with_token: '0' },
      { application_key: applicationId, day, action: 'tokenize', success_rows: '2', failure_rows: '0', failures_with_token: '0' },
    ]);
    const [{ n }] = (await runtime.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_day_counts WHERE action = 'auth.login'")) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('a row of another day is counted on its own UTC day; a seal whose index another sealer took counts nothing', async () => {
    const projectId = randomUUID();
    const day = dayBefore(today(), 3);
    await write({ action: 'detokenize', outcome: 'success', projectId, at: new Date(`${day}T23:59:59.999Z`) });
    const head = await chainHead(runtime.db.sql);
    await sealAuditLog(runtime);
    expect(await counts(projectId)).toEqual([{ application_key: '', day, action: 'detokenize', success_rows: '1', failure_rows: '0', failures_with_token: '0' }]);
    // The same seal again (a second sealer that read the same head): its insert does nothing, nor do its counts.
    const after = (await chainHead(runtime.db.sql))!;
    const again = nextSeal(head, { epoch: runtime.keyring.auditChainEpoch(), lastSeq: BigInt(after.last_seq), rowIds: [], rowMacs: Buffer.alloc(0) });
    expect(await insertSeal(runtime.db.sql, again, runtime.keyring.auditChainKey())).toBeNull();
    expect((await counts(projectId))[0]).toMatchObject({ success_rows: '1' });
  });
});

describe('usage reads the counts and the rows not sealed yet', () => {
  it('the same figures before, between and after seals, per application too', async () => {
    const projectId = await newProject();
    const applicationId = randomUUID();
    const days = [dayBefore(today()), today()];
    for (let i = 0; i < 5; i++) await write({ action: 'tokenize', outcome: i === 4 ? 'failure' : 'success', projectId, applicationId: i % 2 ? applicationId : null });
    await write({ action: 'proxy.transaction', outcome: 'failure', projectId, tokenId: randomUUID() });
    await write({ action: 'token.delete', outcome: 'success', projectId });
    const expected = {
      [`${today()} tokenize`]: { success: 4, failure: 1, after_read: 0 },
      [`${today()} proxy.transaction`]: { success: 0, failure: 1, after_read: 1 },
    };
    const expectedOfApplication = { [`${today()} tokenize`]: { success: 2, failure: 0, after_read: 0 } };
    expect(await usageOf(projectId, days)).toEqual(expected);
    await sealAuditLog(runtime, { batchSize: 3 });
    expect(await usageOf(projectId, days)).toEqual(expected);
    expect(await usageOf(projectId, days, applicationId)).toEqual(expectedOfApplication);
    // Two more rows, unsealed: counted from audit_logs beside the sealed ones.
    await write({ action: 'tokenize', outcome: 'success', projectId, applicationId });
    await write({ action: 'detokenize', outcome: 'failure', projectId, applicationId });
    const more = { ...expected, [`${today()} tokenize`]: { success: 5, failure: 1, after_read: 0 }, [`${today()} detokenize`]: { success: 0, failure: 1, after_read: 0 } };
    expect(await usageOf(projectId, days)).toEqual(more);
    expect(await usageOf(projectId, days, applicationId)).toEqual({ [`${today()} tokenize`]: { success: 3, failure: 0, after_read: 0 }, [`${today()} detokenize`]: { success: 0, failure: 1, after_read: 0 } });
    await sealAuditLog(runtime);
    expect(await usageOf(projectId, days)).toEqual(more);
  });

  it('days before complete_from come from the closed-day roll-up (usage_days) and, when open, from audit_logs', async () => {
    const projectId = await newProject();
    const yesterday = dayBefore(today(), 2);
    await write({ action: 'tokenize', outcome: 'success', projectId, at: new Date(`${yesterday}T12:00:00.000Z`) });
    await write({ action: 'tokenize', outcome: 'success', projectId });
    await sealAuditLog(runtime);
    const countedFrom = await auditDayCountsFrom(runtime.db.sql);
    await runtime.db.sql.query("UPDATE audit_day_counts_start SET complete_from = (now() AT TIME ZONE 'UTC')::date + 1");
    try {
      // An installation upgraded today: nothing of today or before is taken from the counts, so a count
      // wrongly there would show. Zero them to be sure.
      await runtime.db.sql.query('UPDATE audit_day_counts SET success_rows = 0 WHERE project_id = $1::uuid', [projectId]);
      expect(await usageOf(projectId, [yesterday, dayBefore(today()), today()])).toEqual({
        [`${yesterday} tokenize`]: { success: 1, failure: 0, after_read: 0 },
        [`${today()} tokenize`]: { success: 1, failure: 0, after_read: 0 },
      });
      const rolledUp = await runtime.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM usage_rollups WHERE project_id = $1::uuid", [projectId]);
      expect(rolledUp[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      await runtime.db.sql.query('UPDATE audit_day_counts_start SET complete_from = $1::date', [countedFrom]);
    }
  });
});

describe('the migration', () => {
  const statement = () => {
    const migrations = path.join(process.cwd(), 'prisma', 'migrations');
    const folder = readdirSync(migrations).find((name) => name.endsWith('_audit_day_counts'))!;
    const sql = readFileSync(path.join(migrations, folder, 'migration.sql'), 'utf8');
    return sql.slice(sql.indexOf('INSERT INTO "audit_day_counts_start"'));
  };

  it('starts the counts today on a database without audit rows, tomorrow on one with rows (they were never counted)', async () => {
    const fresh = await ownDatabase();
    const other = await createRuntime({ config: parseConfig(testEnv({ ...fresh.env, AUDIT_SEALER: 'off' })), logger: createLogger({ level: 'silent' }), migrate: !fresh.env.DATABASE_URL });
    try {
      expect(await auditDayCountsFrom(other.db.sql)).toBe(today());
    } finally {
      await other.close();
      await fresh.drop();
    }
    const countedFrom = await auditDayCountsFrom(runtime.db.sql);
    await runtime.db.sql.query('DELETE FROM audit_day_counts_start');
    try {
      await runtime.db.sql.query(statement());
      const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(await auditDayCountsFrom(runtime.db.sql)).toBe(tomorrow);
    } finally {
      await runtime.db.sql.query('DELETE FROM audit_day_counts_start');
      await runtime.db.sql.query('INSERT INTO audit_day_counts_start (id, complete_from) VALUES (1, $1::date)', [countedFrom]);
    }
  });
});
