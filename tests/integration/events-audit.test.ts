// audit.chain_broken (issue 13) on a database of its own (the test tampers with the audit log): the background
// watch verifies from its own checkpoint (`background`; the CLI's `cli` never moves for it). A tampered row of
// an account gives one event per project of that account, whatever the number of runs (incremental, full,
// concurrent as on several nodes); a break outside any account gives one per project of the installation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../lib/projects/create-project';
import { sealAuditLog } from '../../lib/audit/audit-chain';
import { verifyAuditChain } from '../../lib/audit/verify-audit-chain';
import { BACKGROUND_CHECKPOINT, pauseAfter, WATCH_DUTY_CYCLE, watchAuditChain } from '../../lib/events/watch-audit-chain';
import { withAuditTriggerOff } from '../helpers/audit-tamper';
import { expectEnvelope, storedEvents } from '../helpers/events';
import { cardRequest } from '../helpers/fixtures';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type TestVault } from '../helpers/test-vault';

let database: OwnDatabase;
let vault: TestVault;
let accountId: string;
/** A second account's project: it hears of its own account's breaks only. */
let strangerProjectId: string;
beforeAll(async () => {
  database = await ownDatabase();
  vault = await startTestVault({ env: database.env });
  ({ accountId } = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: { accountId: true } }));
  const stranger = await vault.runtime.db.prisma.account.create({ data: { name: 'Stranger account' }, select: { id: true } });
  strangerProjectId = (await createProject(vault.runtime, { accountId: stranger.id, name: 'Stranger project', environment: 'test' })).id;
});
afterAll(async () => {
  await vault?.close();
  await database?.drop();
});

const accountProjects = () => [vault.tenants.test.projectId, vault.tenants.production.projectId, vault.tenants.other.projectId];
const allProjects = () => [...accountProjects(), strangerProjectId];
const checkpoints = async () =>
  Object.fromEntries(
    (await vault.runtime.db.sql.query<{ name: string; seal_index: string }>('SELECT name, seal_index::text AS seal_index FROM audit_checkpoints')).map((row) => [row.name, Number(row.seal_index)]),
  );
const chainBroken = () => storedEvents(vault.runtime, { projectIds: allProjects(), type: 'audit.chain_broken' });
/** Some sealed audit rows of the test account (tokenize calls); returns the id of the last one written. */
async function sealedAccountRows(): Promise<string> {
  for (let i = 0; i < 3; i++) expect((await vault.call('POST', '/tokenize', { json: cardRequest() })).status).toBe(201);
  await sealAuditLog(vault.runtime);
  const [row] = await vault.runtime.db.sql.query<{ id: string }>('SELECT id::text AS id FROM audit_logs WHERE account_id = $1::uuid ORDER BY seq DESC LIMIT 1', [accountId]);
  return row!.id;
}
/** Changes a sealed row's status code (with the append-only trigger off); returns its undo. */
async function tamper(rowId: string): Promise<() => Promise<void>> {
  const [{ status_code: original }] = (await vault.runtime.db.sql.query<{ status_code: number }>('SELECT status_code FROM audit_logs WHERE id = $1::uuid', [rowId])) as [{ status_code: number }];
  const set = (code: number) => withAuditTriggerOff(vault.runtime.db.sql, (sql) => sql.query('UPDATE audit_logs SET status_code = $2 WHERE id = $1::uuid', [rowId, code]));
  await set(599);
  return () => set(original);
}
const sealOf = async (rowId: string) =>
  Number(
    (
      await vault.runtime.db.sql.query<{ seal_index: string }>(
        'SELECT seal.seal_index::text AS seal_index FROM audit_seals seal JOIN audit_logs entry ON entry.seq BETWEEN seal.first_seq AND seal.last_seq WHERE entry.id = $1::uuid',
        [rowId],
      )
    )[0]!.seal_index,
  );

describe('the background audit watch', () => {
  it('is paced: after each seal it waits so that it keeps busy a fifth of the time', async () => {
    expect(WATCH_DUTY_CYCLE).toBe(0.2);
    expect(pauseAfter(10, WATCH_DUTY_CYCLE)).toBe(40);
    expect(pauseAfter(-1, WATCH_DUTY_CYCLE)).toBe(0);
    await sealedAccountRows();
    await sealedAccountRows();
    const seals = Number((await vault.runtime.db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_seals'))[0]!.n);
    const busy: number[] = [];
    const result = await watchAuditChain(vault.runtime, { full: true, pace: async (ms) => void busy.push(ms) });
    expect(result).toMatchObject({ valid: true, seals });
    expect(busy).toHaveLength(seals);
    expect(busy.every((ms) => ms >= 0)).toBe(true);
    // Stopping the process cuts a paced run short at its next pause; its checkpoint stays where it was.
    const before = (await checkpoints())[BACKGROUND_CHECKPOINT];
    await sealedAccountRows();
    const stopped = AbortSignal.abort();
    await expect(watchAuditChain(vault.runtime, { full: true, signal: stopped })).rejects.toMatchObject({ name: 'AbortError' });
    expect((await checkpoints())[BACKGROUND_CHECKPOINT]).toBe(before);
  });

  it('keeps its own checkpoint: the CLI\'s stays where the CLI left it', async () => {
    await sealedAccountRows();
    expect(await verifyAuditChain(vault.runtime)).toMatchObject({ valid: true });
    const cli = (await checkpoints()).cli;
    expect(cli).toBeGreaterThan(0);
    await sealedAccountRows();
    expect(await watchAuditChain(vault.runtime)).toMatchObject({ valid: true, events: 0 });
    const after = await checkpoints();
    expect(after.cli).toBe(cli);
    expect(after[BACKGROUND_CHECKPOINT]).toBeGreaterThan(cli!);
    expect(await chainBroken()).toEqual([]);
  });

  it('a tampered row of the account: one event per project of the account after several runs, on several nodes', async () => {
    const rowId = await sealedAccountRows();
    const restore = await tamper(rowId);
    const detectedAt = new Date();
    const first = await watchAuditChain(vault.runtime, { now: detectedAt });
    expect(first).toMatchObject({ valid: false, first_broken_id: rowId, events: 3 });
    expect(await watchAuditChain(vault.runtime)).toMatchObject({ valid: false, first_broken_id: rowId, events: 0 });
    // The daily full run, and two nodes at once, find the same break: nothing new.
    const again = await Promise.all([watchAuditChain(vault.runtime, { full: true }), watchAuditChain(vault.runtime)]);
    expect(again.map((run) => run.events)).toEqual([0, 0]);
    const events = await chainBroken();
    expect(events.map((event) => event.project_id).sort()).toEqual(accountProjects().sort());
    const data = { first_broken_id: rowId, reason: `row ${rowId} differs from seal ${await sealOf(rowId)}`, detected_at: detectedAt.toISOString() };
    for (const event of events) {
      expectEnvelope(event, { type: 'audit.chain_broken', projectId: event.project_id, livemode: event.project_id === vault.tenants.production.projectId, data });
      expect(event.dedupe_key).toBe(`audit.chain_broken:${event.project_id}:${rowId}`);
    }
    await restore();
    expect(await watchAuditChain(vault.runtime)).toMatchObject({ valid: true, events: 0 });
    expect(await chainBroken()).toHaveLength(3);
  });

  it('a break outside any account: one event per project of the installation', async () => {
    const requestId = randomUUID();
    await vault.runtime.audit.write({ action: 'auth.login', outcome: 'failure', statusCode: 401, requestId, accountId: null, ip: '127.0.0.1' });
    await sealAuditLog(vault.runtime);
    const [{ id: rowId }] = (await vault.runtime.db.sql.query<{ id: string }>('SELECT id::text AS id FROM audit_logs WHERE request_id = $1', [requestId])) as [{ id: string }];
    const restore = await tamper(rowId);
    try {
      expect(await watchAuditChain(vault.runtime)).toMatchObject({ valid: false, first_broken_id: rowId, events: allProjects().length });
      expect(await watchAuditChain(vault.runtime)).toMatchObject({ valid: false, events: 0 });
      const events = (await chainBroken()).filter((event) => event.envelope.data.first_broken_id === rowId);
      expect(events.map((event) => event.project_id).sort()).toEqual(allProjects().sort());
    } finally {
      await restore();
    }
    expect(await watchAuditChain(vault.runtime)).toMatchObject({ valid: true });
  });
});
