// The keyed audit chain (issue 11) on a database of its own (PostgreSQL in CI, PGlite otherwise): rows are
// written once and never changed; seals carry the chain; every tampering is named (edit, delete, insert,
// reorder, a MAC recomputed without the key, a truncated tail against an anchor); verification resumes from a
// checkpoint; rows written by the scheme before seals are verified once and sealed on upgrade.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chainHead, sealAuditLog } from '../../lib/audit/audit-chain';
import { CHAIN_COLUMNS, COLUMNS, type AuditRow, type ChainRow } from '../../lib/audit/audit-row';
import { GENESIS, rowHash } from '../../lib/audit/legacy-audit-chain';
import { upgradeLegacyAuditChain } from '../../lib/audit/upgrade-legacy-chain';
import { parseAnchor, verifyAccountAuditChain, verifyAuditChain } from '../../lib/audit/verify-audit-chain';
import { parseConfig } from '../../lib/config';
import { createLogger, type Logger } from '../../lib/logger';
import { createRuntime } from '../../lib/runtime/create-runtime';
import type { Runtime } from '../../lib/runtime/types';
import { withAuditTriggerOff } from '../helpers/audit-tamper';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { testEnv } from '../helpers/test-vault';

const quiet = createLogger({ level: 'silent' });
// No background sealer: each test seals when it means to (a sealer racing it would take its seals).
const open = (database: OwnDatabase) =>
  createRuntime({ config: parseConfig(testEnv({ ...database.env, AUDIT_SEALER: 'off' })), logger: quiet, migrate: !database.env.DATABASE_URL });

/** A runtime on a fresh database for the enclosing describe. */
function chainOnOwnDatabase() {
  const own = {} as { database: OwnDatabase; runtime: Runtime };
  beforeAll(async () => {
    own.database = await ownDatabase();
    own.runtime = await open(own.database);
  });
  afterAll(async () => {
    await own.runtime?.close();
    await own.database?.drop();
  });
  return own;
}

const write = (runtime: Runtime, n: number, tag: string, accountId: string | null = null) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      runtime.audit.write({ action: 'tokenize', outcome: 'success', statusCode: 201, requestId: `${tag}-${i}`, accountId, ip: '127.0.0.1' }),
    ),
  );

const rowsByRequest = async (runtime: Runtime, prefix: string) =>
  runtime.db.sql.query<{ id: string; seq: string }>(`SELECT id, seq::text AS seq FROM audit_logs WHERE request_id LIKE $1 ORDER BY audit_logs.seq`, [`${prefix}%`]);

const tamper = (runtime: Runtime, sql: string, values: unknown[] = []) => withAuditTriggerOff(runtime.db.sql, (db) => db.query(sql, values));

describe('verifying a large seal', () => {
  const sliced = chainOnOwnDatabase();

  it('a seal\'s rows are checked in slices (between turns of the event loop): an edit past the first slice is still named', async () => {
    const { runtime } = sliced;
    await write(runtime, 600, 'sliced');
    expect(await sealAuditLog(runtime, { batchSize: 1000 })).toBe(600);
    const rows = await rowsByRequest(runtime, 'sliced');
    const target = rows[400]!;
    await tamper(runtime, `UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [target.id]);
    const edited = await verifyAuditChain(runtime, { full: true });
    expect(edited).toMatchObject({ valid: false, first_broken_id: target.id, checked: 0 });
    await tamper(runtime, `UPDATE audit_logs SET outcome = 'success' WHERE id = $1::uuid`, [target.id]);
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: true });
  });
});

describe('sealing', () => {
  const own = chainOnOwnDatabase();

  it('rows are written once: seals cover them, no audit column is filled in later, verify names nothing', async () => {
    const { runtime } = own;
    await write(runtime, 7, 'first');
    expect(await sealAuditLog(runtime)).toBe(7);
    expect(await sealAuditLog(runtime)).toBe(0);
    await write(runtime, 3, 'second');
    expect(await sealAuditLog(runtime, { batchSize: 2 })).toBe(3);
    const [untouched] = await runtime.db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_logs WHERE chain_index IS NOT NULL OR hash IS NOT NULL');
    expect(untouched!.n).toBe('0');
    const seals = await runtime.db.sql.query<{ seal_index: string; first_seq: string; last_seq: string; row_count: string; n: number }>(
      'SELECT seal_index::text, first_seq::text, last_seq::text, row_count::text, cardinality(row_ids) AS n FROM audit_seals ORDER BY seal_index',
    );
    expect(seals.map((seal) => [seal.seal_index, seal.n, seal.row_count])).toEqual([['1', 7, '7'], ['2', 2, '9'], ['3', 1, '10']]);
    for (let i = 1; i < seals.length; i++) expect(BigInt(seals[i]!.first_seq)).toBe(BigInt(seals[i - 1]!.last_seq) + 1n);
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: true, checked: 10, first_broken_id: null, seals: 3 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit rows and seals', async () => {
    const { sql } = own.runtime.db;
    for (const statement of [
      `UPDATE audit_logs SET outcome = 'failure'`,
      'DELETE FROM audit_logs',
      'TRUNCATE audit_logs',
      'UPDATE audit_seals SET row_count = 0',
      'DELETE FROM audit_seals',
      'TRUNCATE audit_seals',
    ]) {
      await expect(sql.query(statement), statement).rejects.toThrow(/is append-only/);
    }
  });

  it('logs each new seal as an audit.anchor line, and the anchor proves the chain still holds it', async () => {
    const lines: string[] = [];
    const logger = { info: (fields: object, message?: string) => void lines.push(JSON.stringify({ ...fields, msg: message })), error: () => undefined } as unknown as Pick<Logger, 'info' | 'error'>;
    await write(own.runtime, 2, 'anchored');
    await sealAuditLog({ ...own.runtime, logger });
    const head = await chainHead(own.runtime.db.sql);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { event: 'audit.anchor', seal_index: String(head!.seal_index), mac: Buffer.from(head!.mac).toString('hex'), row_count: String(head!.row_count), msg: 'audit.anchor' },
    ]);
    const anchor = parseAnchor(`${head!.seal_index}:${Buffer.from(head!.mac).toString('hex')}`)!;
    expect(await verifyAuditChain(own.runtime, { anchor })).toMatchObject({ valid: true });
    expect(await verifyAuditChain(own.runtime, { anchor: { ...anchor, mac: '0'.repeat(64) } })).toMatchObject({ valid: false, reason: `seal ${head!.seal_index} is not the anchor's` });
    expect(parseAnchor('7:xyz')).toBeNull();
  });

  it('a crash between insert and seal loses nothing: a new process seals the rows and the chain verifies', async () => {
    await write(own.runtime, 4, 'crash');
    await own.runtime.close();
    own.runtime = await open(own.database);
    expect(await sealAuditLog(own.runtime)).toBe(4);
    expect(await verifyAuditChain(own.runtime, { full: true })).toMatchObject({ valid: true, checked: 16 });
  });
});

describe('tampering is named', () => {
  const own = chainOnOwnDatabase();
  let rows: { id: string; seq: string }[];
  let gap: string;
  beforeAll(async () => {
    await write(own.runtime, 6, 'tamper-a');
    // An insert rolled back: its seq stays unused inside what the next seal covers.
    await own.runtime.db.sql
      .transaction(async (tx) => {
        const [row] = await tx.query<{ seq: string }>(`INSERT INTO audit_logs (id, action, outcome, status_code, request_id) VALUES (gen_random_uuid(), 'tokenize', 'success', 201, 'rolled-back') RETURNING seq::text AS seq`);
        gap = row!.seq;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await write(own.runtime, 6, 'tamper-b');
    await sealAuditLog(own.runtime, { batchSize: 5 });
    rows = await rowsByRequest(own.runtime, 'tamper');
    const before = await verifyAuditChain(own.runtime, { full: true });
    expect(before, before.reason ?? '').toMatchObject({ valid: true, checked: 12 });
  });
  const verify = () => verifyAuditChain(own.runtime, { full: true });

  it('an edited row', async () => {
    await tamper(own.runtime, `UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [rows[6]!.id]);
    const edited = await verify();
    expect(edited, edited.reason ?? '').toMatchObject({ valid: false, first_broken_id: rows[6]!.id, checked: 5 });
    await tamper(own.runtime, `UPDATE audit_logs SET outcome = 'success' WHERE id = $1::uuid`, [rows[6]!.id]);
    expect(await verify()).toMatchObject({ valid: true, checked: 12 });
  });

  it('a deleted row (its id is named though it is gone)', async () => {
    const [saved] = await own.runtime.db.sql.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_logs WHERE id = $1::uuid`, [rows[3]!.id]);
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_delete');
      await sql.query('DELETE FROM audit_logs WHERE id = $1::uuid', [rows[3]!.id]);
      await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_delete');
    });
    expect(await verify()).toMatchObject({ valid: false, first_broken_id: rows[3]!.id });
    await own.runtime.db.sql.query(
      `INSERT INTO audit_logs (${COLUMNS}) VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      Object.values(saved!),
    );
    expect(await verify()).toMatchObject({ valid: true });
  });

  it('a row inserted into a sealed range (at a seq a rolled-back insert left unused)', async () => {
    const forged = '00000000-0000-4000-8000-00000000f0f0';
    await own.runtime.db.sql.query(`INSERT INTO audit_logs (id, seq, action, outcome, status_code, request_id) VALUES ($1::uuid, $2, 'tokenize', 'success', 201, 'forged')`, [forged, gap]);
    expect(await verify()).toMatchObject({ valid: false, first_broken_id: forged });
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_delete');
      await sql.query('DELETE FROM audit_logs WHERE id = $1::uuid', [forged]);
      await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_delete');
    });
  });

  it('two rows swapped (their seqs exchanged)', async () => {
    const [a, b] = [rows[1]!, rows[2]!];
    await tamper(own.runtime, 'UPDATE audit_logs SET seq = -1 WHERE id = $1::uuid', [a.id]);
    await tamper(own.runtime, 'UPDATE audit_logs SET seq = $2 WHERE id = $1::uuid', [b.id, a.seq]);
    await tamper(own.runtime, 'UPDATE audit_logs SET seq = $2 WHERE id = $1::uuid', [a.id, b.seq]);
    expect(await verify()).toMatchObject({ valid: false, first_broken_id: b.id });
    await tamper(own.runtime, 'UPDATE audit_logs SET seq = -1 WHERE id = $1::uuid', [a.id]);
    await tamper(own.runtime, 'UPDATE audit_logs SET seq = $2 WHERE id = $1::uuid', [b.id, b.seq]);
    await tamper(own.runtime, 'UPDATE audit_logs SET seq = $2 WHERE id = $1::uuid', [a.id, a.seq]);
    expect(await verify()).toMatchObject({ valid: true });
  });

  it("an edited row whose seal is recomputed without the chain key (a key of the attacker's own)", async () => {
    const victim = rows[7]!;
    const [seal] = await own.runtime.db.sql.query<{ seal_index: string; row_ids: string[]; row_macs: Uint8Array; mac: Uint8Array }>(
      'SELECT seal_index::text, row_ids, row_macs, mac FROM audit_seals WHERE first_seq <= $1 AND last_seq >= $1',
      [victim.seq],
    );
    await tamper(own.runtime, `UPDATE audit_logs SET status_code = 500 WHERE id = $1::uuid`, [victim.id]);
    const [edited] = await own.runtime.db.sql.query<ChainRow>(`SELECT ${CHAIN_COLUMNS} FROM audit_logs WHERE id = $1::uuid`, [victim.id]);
    const position = seal!.row_ids.indexOf(victim.id);
    const attackerKey = randomBytes(32);
    const { rowMac } = await import('../../lib/audit/audit-row');
    const macs = Buffer.from(seal!.row_macs);
    rowMac(attackerKey, edited!.content).copy(macs, position * 32);
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      await sql.query('UPDATE audit_seals SET row_macs = $2 WHERE seal_index = $1', [seal!.seal_index, macs]);
    });
    const result = await verify();
    expect(result).toMatchObject({ valid: false, first_broken_id: victim.id });
    expect(result.reason).toContain(`does not verify under the chain key`);
    await own.runtime.db.sql.query('UPDATE audit_seals SET row_macs = $2 WHERE seal_index = $1', [seal!.seal_index, seal!.row_macs]);
    await own.runtime.db.sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
    await tamper(own.runtime, `UPDATE audit_logs SET status_code = 201 WHERE id = $1::uuid`, [victim.id]);
    expect(await verify()).toMatchObject({ valid: true });
  });

  it('under another chain key (a wrong master key) nothing verifies', async () => {
    const keyring = { auditChainKey: () => randomBytes(32), auditChainEpoch: () => 1 };
    // Its own checkpoint (none yet): the checkpoint of the right key would not verify either.
    expect(await verifyAuditChain({ db: own.runtime.db, keyring }, { full: true, checkpoint: 'other-key' })).toMatchObject({ valid: false, first_broken_id: rows[0]!.id });
    expect(await verifyAuditChain({ db: own.runtime.db, keyring }, { full: true })).toMatchObject({ valid: false });
  });

  it('a truncated tail (newest seals and their rows removed) is caught by an anchor taken before', async () => {
    await write(own.runtime, 3, 'tail');
    await sealAuditLog(own.runtime);
    const head = (await chainHead(own.runtime.db.sql))!;
    const anchor = { sealIndex: BigInt(head.seal_index), mac: Buffer.from(head.mac).toString('hex') };
    expect(await verifyAuditChain(own.runtime, { anchor })).toMatchObject({ valid: true });
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      for (const trigger of ['audit_logs_no_delete']) await sql.query(`ALTER TABLE audit_logs DISABLE TRIGGER ${trigger}`);
      await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      await sql.query(`DELETE FROM audit_logs WHERE request_id LIKE 'tail-%'`);
      await sql.query('DELETE FROM audit_seals WHERE seal_index = $1', [String(head.seal_index)]);
      await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
      await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_delete');
    });
    // Consistent in itself, but the checkpoint's seal is gone: verify says the chain was cut, and so does the anchor.
    expect(await verify()).toMatchObject({ valid: false, reason: `checkpoint seal ${head.seal_index} is missing or changed: the chain was cut` });
    expect(await verifyAuditChain(own.runtime, { anchor, checkpoint: 'anchor-only' })).toMatchObject({ valid: false, reason: `the anchor's seal ${head.seal_index} is no longer in the chain` });
  });
});

describe('incremental verification', () => {
  const own = chainOnOwnDatabase();

  it('a repeat reads only the seals added since; --full re-reads everything', async () => {
    const { runtime } = own;
    await write(runtime, 6, 'inc');
    await sealAuditLog(runtime, { batchSize: 2 });
    expect(await verifyAuditChain(runtime)).toMatchObject({ valid: true, checked: 6, seals: 3 });
    expect(await verifyAuditChain(runtime)).toMatchObject({ valid: true, checked: 0, seals: 0 });
    await write(runtime, 2, 'inc-more');
    await sealAuditLog(runtime);
    expect(await verifyAuditChain(runtime)).toMatchObject({ valid: true, checked: 2, seals: 1 });
    // An old row edited: the repeat does not re-read it, the full check does.
    const [old] = await rowsByRequest(runtime, 'inc-0');
    await tamper(runtime, `UPDATE audit_logs SET ip = '10.0.0.1' WHERE id = $1::uuid`, [old!.id]);
    expect(await verifyAuditChain(runtime)).toMatchObject({ valid: true, checked: 0 });
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: false, first_broken_id: old!.id });
    // A checkpoint moved back in the database: never a silent start from the beginning.
    await runtime.db.sql.query(`UPDATE audit_checkpoints SET seal_index = 1`);
    expect(await verifyAuditChain(runtime)).toMatchObject({ valid: false, reason: 'checkpoint seal 1 is missing or changed: the chain was cut' });
  });
});

describe('accounts', () => {
  const own = chainOnOwnDatabase();

  it("an account's verify checks its rows only: its edited row is named, another account's is not its concern", async () => {
    const { runtime } = own;
    const [ours, theirs] = await Promise.all(['Ours', 'Theirs'].map(async (name) => (await runtime.db.prisma.account.create({ data: { name } })).id));
    await write(runtime, 3, 'ours', ours);
    await write(runtime, 3, 'theirs', theirs);
    await sealAuditLog(runtime, { batchSize: 4 });
    expect(await verifyAccountAuditChain(runtime, ours!)).toEqual({ valid: true, checked: 3, first_broken_id: null, reason: null });
    const [theirRow] = await rowsByRequest(runtime, 'theirs-1');
    await tamper(runtime, `UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [theirRow!.id]);
    expect(await verifyAccountAuditChain(runtime, ours!)).toEqual({ valid: true, checked: 3, first_broken_id: null, reason: null });
    expect(await verifyAccountAuditChain(runtime, theirs!)).toMatchObject({ valid: false, first_broken_id: theirRow!.id });
    const [ourRow] = await rowsByRequest(runtime, 'ours-2');
    await tamper(runtime, 'UPDATE audit_logs SET account_id = $2::uuid WHERE id = $1::uuid', [ourRow!.id, theirs]);
    expect(await verifyAccountAuditChain(runtime, theirs!)).toMatchObject({ valid: false });
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: false });
  });
});

describe.runIf(inject('databaseUrl'))('two writers and two sealers at once (PostgreSQL)', () => {
  const own = chainOnOwnDatabase();

  it('leave one valid chain holding every row', async () => {
    const other = await open(own.database);
    try {
      await Promise.all([
        ...[own.runtime, other].map((runtime, n) => Promise.all(Array.from({ length: 10 }, (_, round) => write(runtime, 20, `w${n}-${round}`)))),
        ...[own.runtime, other].map(async (runtime) => {
          for (let i = 0; i < 15; i++) await sealAuditLog(runtime, { batchSize: 7 });
        }),
      ]);
      await sealAuditLog(other);
      await sealAuditLog(own.runtime);
      const [{ n }] = (await own.runtime.db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_logs')) as [{ n: string }];
      expect(n).toBe('400');
      expect(await verifyAuditChain(own.runtime, { full: true })).toMatchObject({ valid: true, checked: 400 });
    } finally {
      await other.close();
    }
  });
});

describe('upgrading a database written before seals', () => {
  const own = chainOnOwnDatabase();

  /** Chains the rows the way the previous release's sealer did (SHA-256 in the rows themselves). */
  async function legacySeal(runtime: Runtime) {
    const rows = await runtime.db.sql.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_logs ORDER BY seq`);
    let prev = GENESIS;
    await withAuditTriggerOff(runtime.db.sql, async (sql) => {
      for (const [index, row] of rows.entries()) {
        const hash = rowHash(prev, row);
        // Rows of that release had no writer MAC either.
        await sql.query('UPDATE audit_logs SET chain_index = $2, prev_hash = $3, hash = $4, writer_mac = NULL WHERE id = $1::uuid', [row.id, index + 1, prev, hash]);
        prev = hash;
      }
      // ... and the migration that brought writer MACs ran after them.
      await sql.query('ALTER TABLE audit_writer_mac_start DISABLE TRIGGER audit_writer_mac_start_append_only');
      await sql.query('UPDATE audit_writer_mac_start SET last_legacy_seq = (SELECT max(seq) FROM audit_logs)');
      await sql.query('ALTER TABLE audit_writer_mac_start ENABLE TRIGGER audit_writer_mac_start_append_only');
    });
    return rows;
  }

  it('verifies the old chain once, records the verdict in the new chain, and seals everything', async () => {
    const { runtime } = own;
    await write(runtime, 5, 'legacy');
    const rows = await legacySeal(runtime);
    await write(runtime, 2, 'unsealed-then');
    const lines: string[] = [];
    const logger = { info: (fields: object) => lines.push(JSON.stringify(fields)), error: (fields: object) => lines.push(JSON.stringify(fields)) };
    expect(await upgradeLegacyAuditChain({ ...runtime, logger })).toEqual({ valid: true, checked: rows.length, first_broken_id: null });
    expect(lines.some((line) => line.includes('audit.legacy_chain_verified'))).toBe(true);
    const [verdict] = await runtime.db.prisma.auditLog.findMany({ where: { action: 'audit.legacy_chain_verified' } });
    expect(verdict).toMatchObject({ outcome: 'success', statusCode: 200 });
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: true, checked: rows.length + 3 });
    // Runs once: seals exist now.
    expect(await upgradeLegacyAuditChain({ ...runtime, logger })).toBeNull();
  });

  it('an old chain already broken is reported (error log, failure row naming the row) and the new chain starts from what is there', async () => {
    const database = await ownDatabase();
    const runtime = await open(database);
    try {
      await write(runtime, 4, 'legacy-broken');
      const rows = await legacySeal(runtime);
      await tamper(runtime, `UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [rows[2]!.id]);
      const errors: string[] = [];
      const logger = { info: () => undefined, error: (fields: object) => errors.push(JSON.stringify(fields)) };
      expect(await upgradeLegacyAuditChain({ ...runtime, logger })).toEqual({ valid: false, checked: 3, first_broken_id: rows[2]!.id });
      expect(JSON.parse(errors[0]!)).toMatchObject({ event: 'audit.legacy_chain_broken', first_broken_id: rows[2]!.id });
      const [verdict] = await runtime.db.prisma.auditLog.findMany({ where: { action: 'audit.legacy_chain_verified' } });
      expect(verdict).toMatchObject({ outcome: 'failure', statusCode: 409, resource: `audit_log:${rows[2]!.id}` });
      expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: true });
    } finally {
      await runtime.close();
      await database.drop();
    }
  }, 300_000);
});
