// The audit chain on a real database (in-memory PGlite): sealing, verification, tamper detection and
// the append-only trigger.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createRuntime, type Runtime } from '../runtime';
import { sealAuditLog, verifyAuditChain } from './audit-chain';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createRuntime({
    config: parseConfig({ VAULT_DATA_DIR: 'memory://', VAULT_MASTER_KEY: randomBytes(32).toString('base64') }),
    logger: createLogger({ level: 'silent' }),
  });
});
afterAll(() => runtime?.close());

const write = (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => runtime.audit.write({ action: 'tokenize', outcome: 'success', statusCode: 201, requestId: `r-${i}`, ip: '127.0.0.1' })));

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
    await runtime.audit.write({ action: 'tokenize', outcome: 'success', statusCode: 201, requestId: 'r-unsealed', ip: '127.0.0.1' });
    const [row] = await runtime.db.sql.query<{ id: string }>(`SELECT id FROM audit_logs WHERE request_id = 'r-unsealed'`);
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET ip = '10.0.0.1' WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET chain_index = 999, prev_hash = 'x', hash = 'y' WHERE id = $1::uuid`, [row!.id])).resolves.toBeDefined();
    await expect(runtime.db.sql.query(`UPDATE audit_logs SET hash = 'z' WHERE id = $1::uuid`, [row!.id])).rejects.toThrow(/cannot change/);
  });
});
