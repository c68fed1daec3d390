// The audit chain on a real database (in-memory PGlite): sealing, verification, tamper detection and
// the append-only trigger.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuditTriggerOff } from '../../tests/helpers/audit-tamper';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createRuntime, type Runtime } from '../runtime';
import { GENESIS, rowHash, sealAuditLog, verifyAccountAuditChain, verifyAuditChain, type AuditRow } from './audit-chain';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createRuntime({
    config: parseConfig({ VAULT_DATA_DIR: 'memory://', VAULT_MASTER_KEY: randomBytes(32).toString('base64') }),
    logger: createLogger({ level: 'silent' }),
  });
});
afterAll(() => runtime?.close());

const write = (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => runtime.audit.write({ action: 'tokenize', outcome: 'success', statusCode: 201, requestId: `r-${i}`, accountId: null, ip: '127.0.0.1' })));

describe('audit chain', () => {
  it('seals rows in insertion order and verifies', async () => {
    await write(7);
    expect(await sealAuditLog(runtime)).toBe(7);
    expect(await sealAuditLog(runtime)).toBe(0);
    await write(3);
    expect(await sealAuditLog(runtime)).toBe(3);
    expect(await verifyAuditChain(runtime)).toEqual({ valid: true, checked: 10, first_broken_id: null });
    const rows = await runtime.db.prisma.auditLog.findMany({ orderBy: { chainIndex: 'asc' }, omit: { chainIndex: false, prevHash: false, hash: false } });
    expect(rows.map((row) => Number(row.chainIndex))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
  });

  it('refuses to change or delete rows (append-only trigger)', async () => {
    const [row] = await runtime.db.prisma.auditLog.findMany({ take: 1 });
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
    await expect(runtime.db.sql.query(`DELETE FROM audit_logs WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/append-only/);
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET hash = repeat('0', 64) WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
  });

  it('detects an edited row (trigger bypassed) and names it', async () => {
    const rows = await runtime.db.prisma.auditLog.findMany({ orderBy: { chainIndex: 'asc' }, omit: { chainIndex: false, prevHash: false, hash: false } });
    const victim = rows[4]!;
    await runtime.db.sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only');
    await runtime.db.sql.query(`UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [victim.id]);
    await runtime.db.sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only');
    expect(await verifyAuditChain(runtime)).toEqual({ valid: false, checked: 5, first_broken_id: victim.id });
  });

  it('lets only the sealer\'s columns of an unsealed row be filled in', async () => {
    await runtime.audit.write({ action: 'tokenize', outcome: 'success', statusCode: 201, requestId: 'r-unsealed', accountId: null, ip: '127.0.0.1' });
    const [row] = await runtime.db.sql.query<{ id: string }>(`SELECT id FROM audit_logs WHERE request_id = 'r-unsealed'`);
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET ip = '10.0.0.1' WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET account_id = gen_random_uuid() WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET chain_index = 999, prev_hash = 'x', hash = 'y' WHERE id = $1::uuid`, [row!.id])).resolves.toBeDefined();
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET hash = 'z' WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
  });
});

describe('the account id in the chain', () => {
  // A fresh database: the chain above is left broken on purpose.
  let fresh: Runtime;
  beforeAll(async () => {
    fresh = await createRuntime({
      config: parseConfig({ VAULT_DATA_DIR: 'memory://', VAULT_MASTER_KEY: randomBytes(32).toString('base64') }),
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(() => fresh?.close());

  const withTriggerOff = (sql: string, values: unknown[]) => withAuditTriggerOff(fresh.db.sql, (db) => db.query(sql, values));

  it('rows without an account hash as they did before account_id existed (sealed rows keep their hash)', () => {
    const row: AuditRow = {
      id: '00000000-0000-4000-8000-000000000001', seq: '7', action: 'tokenize', outcome: 'success', status_code: 201, account_id: null,
      project_id: '00000000-0000-4000-8000-000000000002', application_id: null, user_id: null, token_id: null, resource: null, ip: '127.0.0.1',
      request_id: 'r-golden', created_at: new Date('2026-11-20T10:00:00.000Z'),
    };
    // Values computed by the rowHash of before account_id.
    expect(rowHash(GENESIS, row)).toBe('ef5e4574101a8a324a36d1ff48ef673800d38735924a0fa6d5cda9c8260d6d92');
    expect(rowHash(GENESIS, { ...row, resource: 'project:00000000-0000-4000-8000-000000000002' })).toBe('79bdde22fc355fb3c5254baa72cad942d967b3e46bf45ff3b1a796053aaf89c1');
    // With an account the hash covers it, and a value moved between resource and account_id changes it.
    const accountId = '00000000-0000-4000-8000-000000000003';
    expect(rowHash(GENESIS, { ...row, account_id: accountId })).not.toBe(rowHash(GENESIS, row));
    expect(rowHash(GENESIS, { ...row, account_id: accountId })).not.toBe(rowHash(GENESIS, { ...row, resource: accountId }));
  });

  it('a sealed row whose account_id is changed (trigger bypassed) breaks verification, naming it', async () => {
    const accounts = await Promise.all(['Ours', 'Theirs'].map((name) => fresh.db.prisma.account.create({ data: { name }, select: { id: true } })));
    const [ours, theirs] = accounts.map((account) => account.id) as [string, string];
    for (const [i, accountId] of [ours, ours, theirs].entries()) {
      await fresh.audit.write({ action: 'auth.login', outcome: 'success', statusCode: 200, requestId: `acc-${i}`, accountId, ip: '127.0.0.1' });
    }
    expect(await sealAuditLog(fresh)).toBe(3);
    const rows = await fresh.db.prisma.auditLog.findMany({ orderBy: { chainIndex: 'asc' }, omit: { chainIndex: false } });
    expect(rows.map((row) => [row.requestId, row.accountId])).toEqual([['acc-0', ours], ['acc-1', ours], ['acc-2', theirs]]);
    expect(await verifyAuditChain(fresh)).toEqual({ valid: true, checked: 3, first_broken_id: null });
    expect(await verifyAccountAuditChain(fresh, ours)).toEqual({ valid: true, checked: 2, first_broken_id: null });

    const victim = rows[1]!;
    // Moved to the other account: the chain breaks at that row, and the account it was moved to sees it broken.
    await withTriggerOff('UPDATE audit_logs SET account_id = $2::uuid WHERE id = $1::uuid', [victim.id, theirs]);
    expect(await verifyAuditChain(fresh)).toEqual({ valid: false, checked: 2, first_broken_id: victim.id });
    expect(await verifyAccountAuditChain(fresh, theirs)).toEqual({ valid: false, checked: 1, first_broken_id: victim.id });
    // Cleared: the same.
    await withTriggerOff('UPDATE audit_logs SET account_id = NULL WHERE id = $1::uuid', [victim.id]);
    expect(await verifyAuditChain(fresh)).toEqual({ valid: false, checked: 2, first_broken_id: victim.id });
    // Put back: valid again.
    await withTriggerOff('UPDATE audit_logs SET account_id = $2::uuid WHERE id = $1::uuid', [victim.id, ours]);
    expect(await verifyAuditChain(fresh)).toEqual({ valid: true, checked: 3, first_broken_id: null });
  });
});
