// Issue 21: an audit trail that someone with database access but no master key cannot forge, truncate or
// cut silently. Each row carries its writer's MAC and the sealer refuses a row without a good one; verify
// never falls back silently when its checkpoint's seal is gone, shortened or changed; anchors published to
// AUDIT_ANCHOR_FILE are checked by a plain verify; chain key epochs are linked by a key change seal that
// verifies under both keys. On a database of its own (PostgreSQL in CI, PGlite otherwise).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublishedAnchors } from '../../lib/audit/anchor-file';
import { chainHead, sealAuditLog } from '../../lib/audit/audit-chain';
import { startAuditEpoch } from '../../lib/audit/audit-epochs';
import { WRITER_CONTENT, rowMac, writerContent } from '../../lib/audit/audit-row';
import { auditEntryValues } from '../../lib/audit/audit-writer';
import { loadAuditChainKey } from '../../lib/audit/chain-key';
import { verifyAccountAuditChain, verifyAuditChain } from '../../lib/audit/verify-audit-chain';
import { parseConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createRuntime } from '../../lib/runtime/create-runtime';
import type { Runtime } from '../../lib/runtime/types';
import { withAuditTriggerOff } from '../helpers/audit-tamper';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { testEnv } from '../helpers/test-vault';

const quiet = createLogger({ level: 'silent' });
const anchorDir = mkdtempSync(join(tmpdir(), 'vault-anchors-'));
afterAll(() => rmSync(anchorDir, { recursive: true, force: true }));

/** A runtime on a fresh database for the enclosing describe; no background sealer (each test seals). */
function chainOnOwnDatabase(env: Record<string, string> = {}) {
  const own = {} as { database: OwnDatabase; runtime: Runtime };
  // Migrating a fresh embedded database takes a while on a loaded machine.
  beforeAll(async () => {
    own.database = await ownDatabase();
    own.runtime = await createRuntime({
      config: parseConfig(testEnv({ ...own.database.env, AUDIT_SEALER: 'off', ...env })),
      logger: quiet,
      migrate: !own.database.env.DATABASE_URL,
    });
  }, 240_000);
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

const sealedIds = async (runtime: Runtime) =>
  (await runtime.db.sql.query<{ id: string }>('SELECT unnest(row_ids)::text AS id FROM audit_seals')).map((row) => row.id);

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const push = (fields: object) => void lines.push(fields as Record<string, unknown>);
  return { lines, logger: { info: push, error: push } };
};

/** Deletes audit rows and seals the way a database-level attacker would (append-only triggers off). */
async function cutTail(runtime: Runtime, fromSeal: bigint | string, rowsFromSeq: bigint | string) {
  await withAuditTriggerOff(runtime.db.sql, async (sql) => {
    await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_delete');
    await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
    await sql.query('DELETE FROM audit_logs WHERE seq >= $1', [String(rowsFromSeq)]);
    await sql.query('DELETE FROM audit_seals WHERE seal_index >= $1', [String(fromSeal)]);
    await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
    await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_delete');
  });
}

const removeRow = (runtime: Runtime, requestId: string) =>
  withAuditTriggerOff(runtime.db.sql, async (sql) => {
    await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_delete');
    await sql.query('DELETE FROM audit_logs WHERE request_id = $1', [requestId]);
    await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_delete');
  });

describe('writer MACs', () => {
  const own = chainOnOwnDatabase();

  it("the writer's form is byte for byte what the database builds, whatever the text holds", async () => {
    const { runtime } = own;
    const odd = ['quote " backslash \\ slash /', 'line\nbreak\ttab\r\u0001\u001f', 'é ü 漢字 😀', 'lone \ud800 surrogate', ' !#$%&()*+,-./0189:;<=>?@AZ[]^_`az{|}~', 'del \u007f', ''];
    for (const [i, text] of odd.entries()) {
      await runtime.audit.write({ action: 'odd.text', outcome: 'failure', statusCode: 400, requestId: `odd-${i}`, accountId: null, resource: text, ip: text });
    }
    const rows = await runtime.db.sql.query<{ built: string; writer_mac: Uint8Array; id: string; action: string; outcome: string; status_code: number; resource: string; ip: string; request_id: string; created_at: Date }>(
      `SELECT ${WRITER_CONTENT} AS built, writer_mac, id, action, outcome, status_code, resource, ip, request_id, created_at FROM audit_logs WHERE action = 'odd.text' ORDER BY seq`,
    );
    expect(rows).toHaveLength(odd.length);
    for (const row of rows) {
      const mine = writerContent({
        id: row.id, action: row.action, outcome: row.outcome, statusCode: row.status_code, accountId: null, projectId: null, applicationId: null,
        userId: null, tokenId: null, resource: row.resource, ip: row.ip, requestId: row.request_id, createdAt: new Date(row.created_at),
      });
      expect(mine).toBe(row.built);
      expect(Buffer.from(row.writer_mac).equals(rowMac(runtime.keyring.auditChainKey(), row.built))).toBe(true);
    }
    expect(await sealAuditLog(runtime)).toBe(odd.length);
  });

  it('a row inserted with SQL is never sealed: the sealer stops before it, logs audit.forged_row, and verify names it', async () => {
    const { runtime } = own;
    await write(runtime, 2, 'before');
    const forged = '00000000-0000-4000-8000-00000000beef';
    await runtime.db.sql.query(`INSERT INTO audit_logs (id, action, outcome, status_code, request_id) VALUES ($1::uuid, 'detokenize', 'success', 200, 'forged')`, [forged]);
    await write(runtime, 2, 'after');
    const { lines, logger } = capture();
    expect(await sealAuditLog({ ...runtime, logger })).toBe(2);
    expect(lines.filter((line) => line.event === 'audit.forged_row')).toEqual([expect.objectContaining({ event: 'audit.forged_row', id: forged })]);
    // The chain is not extended past it: the genuine rows after it wait too.
    expect(await sealAuditLog({ ...runtime, logger })).toBe(0);
    const sealed = await sealedIds(runtime);
    expect(sealed).not.toContain(forged);
    const [after] = await runtime.db.sql.query<{ id: string }>(`SELECT id::text FROM audit_logs WHERE request_id = 'after-0'`);
    expect(sealed).not.toContain(after!.id);
    const result = await verifyAuditChain(runtime, { full: true });
    expect(result).toMatchObject({ valid: false, first_broken_id: forged, reason: `not written by the vault: ${forged}` });
  });

  it('a row whose MAC is copied from a genuine row (or made under another key) is refused too', async () => {
    const { runtime } = own;
    // Clear the forged row of the previous test: the chain then goes on.
    await removeRow(runtime, 'forged');
    expect(await sealAuditLog(runtime)).toBe(2);
    const [genuine] = await runtime.db.sql.query<{ writer_mac: Uint8Array }>(`SELECT writer_mac FROM audit_logs WHERE request_id = 'after-0'`);
    const copied = '00000000-0000-4000-8000-00000000c0c0';
    await runtime.db.sql.query(
      `INSERT INTO audit_logs (id, action, outcome, status_code, request_id, writer_mac) VALUES ($1::uuid, 'detokenize', 'success', 200, 'copied', $2)`,
      [copied, genuine!.writer_mac],
    );
    expect(await sealAuditLog(runtime)).toBe(0);
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'copied' })).toMatchObject({ valid: false, reason: `not written by the vault: ${copied}` });
    // A row made by the writer's own code under an attacker's key: the same.
    await removeRow(runtime, 'copied');
    const attacker = { auditChainKey: () => randomBytes(32) };
    const values = auditEntryValues(attacker, { action: 'detokenize', outcome: 'success', statusCode: 200, requestId: 'own-key', accountId: null });
    await runtime.db.sql.query(
      `INSERT INTO audit_logs (id, action, outcome, status_code, account_id, project_id, application_id, user_id, token_id, resource, ip, request_id, created_at, writer_mac)
       VALUES ($1::uuid, $2, $3, $4::int, $5::uuid, $6::uuid, $7::uuid, $8::uuid, $9::uuid, $10, $11, $12, $13::timestamptz, $14)`,
      values,
    );
    expect(await sealAuditLog(runtime)).toBe(0);
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'copied' })).toMatchObject({ valid: false, reason: `not written by the vault: ${values[0]}` });
    await removeRow(runtime, 'own-key');
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'copied' })).toMatchObject({ valid: true });
  });
});

describe('tokens and token reads write their own rows with writer MACs', () => {
  const own = chainOnOwnDatabase();

  it('every row a token creation and a reveal write is sealed', async () => {
    const { runtime } = own;
    const { createToken } = await import('../../lib/vault/create-token');
    const { getTokenOrThrow } = await import('../../lib/vault/get-token');
    const { PROJECT_KEY_COLUMNS } = await import('../../lib/crypto/keyring');
    const account = await runtime.db.prisma.account.create({ data: { name: 'Tokens' } });
    const keys = runtime.keyring.newProjectKeys('00000000-0000-4000-8000-0000000000aa');
    const project = await runtime.db.prisma.project.create({
      data: { id: '00000000-0000-4000-8000-0000000000aa', accountId: account.id, name: 'p', environment: 'test', ...keys },
      select: { ...PROJECT_KEY_COLUMNS, accountId: true },
    });
    const audit = (action: string) => ({ action, outcome: 'success' as const, statusCode: 200, requestId: `req-${action}`, accountId: account.id, projectId: project.id });
    const created = await createToken(runtime, {
      principal: { project: { ...project, environment: 'test', pubKeyHash: null, allowedProxyHosts: null }, application: null },
      payload: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' },
      cvcSession: { mode: 'once', ttlSeconds: 60 },
      testMode: true,
      audit: audit('tokenize'),
    });
    await getTokenOrThrow(runtime, { principal: { project }, token: created.token, audit: audit('detokenize') });
    const { lines, logger } = capture();
    expect(await sealAuditLog({ ...runtime, logger })).toBe(2);
    expect(lines.filter((line) => line.event === 'audit.forged_row')).toEqual([]);
    const rows = await runtime.db.sql.query<{ action: string; token_id: string }>('SELECT action, token_id::text FROM audit_logs ORDER BY seq');
    expect(rows.map((row) => row.action)).toEqual(['tokenize', 'detokenize']);
    expect(rows[1]!.token_id).toBe(rows[0]!.token_id);
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: true, checked: 2 });
  });
});

describe('a verify never falls back silently', () => {
  const own = chainOnOwnDatabase();
  let accountId: string;
  const cut = (index: bigint | string) => `checkpoint seal ${index} is missing or changed: the chain was cut`;

  beforeAll(async () => {
    accountId = (await own.runtime.db.prisma.account.create({ data: { name: 'Cut' } })).id;
  });

  /** Rows in three seals, verified (checkpoint at the newest); returns that seal. */
  async function sealedAndVerified(tag: string) {
    const { runtime } = own;
    for (const part of ['a', 'b', 'c']) {
      await write(runtime, 2, `${tag}-${part}`, accountId);
      await sealAuditLog(runtime);
    }
    expect(await verifyAuditChain(runtime)).toMatchObject({ valid: true });
    expect(await verifyAuditChain(runtime, { checkpoint: 'background' })).toMatchObject({ valid: true });
    expect(await verifyAccountAuditChain(runtime, accountId)).toMatchObject({ valid: true, reason: null });
    return (await chainHead(runtime.db.sql))!;
  }

  const expectCut = async (index: bigint | string) => {
    const before = await own.runtime.db.sql.query('SELECT name, seal_index::text FROM audit_checkpoints ORDER BY name');
    for (const options of [{}, { full: true }]) {
      expect(await verifyAuditChain(own.runtime, options)).toMatchObject({ valid: false, reason: cut(index) });
    }
    expect(await verifyAccountAuditChain(own.runtime, accountId)).toMatchObject({ valid: false, reason: cut(index) });
    // The checkpoints stay where they were: a later verify finds the cut again.
    expect(await own.runtime.db.sql.query('SELECT name, seal_index::text FROM audit_checkpoints ORDER BY name')).toEqual(before);
  };

  it('the checkpoint seal missing (newest rows and seals deleted)', async () => {
    const head = await sealedAndVerified('missing');
    const [{ first_seq }] = (await own.runtime.db.sql.query<{ first_seq: string }>('SELECT first_seq::text FROM audit_seals WHERE seal_index = $1', [String(head.seal_index)])) as [{ first_seq: string }];
    await cutTail(own.runtime, head.seal_index, first_seq);
    await expectCut(head.seal_index);
  });

  it('the checkpoint seal shortened (its last rows dropped from it, its MAC kept)', async () => {
    await own.runtime.db.sql.query('TRUNCATE audit_checkpoints');
    const head = await sealedAndVerified('short');
    const [saved] = await own.runtime.db.sql.query<{ row_ids: string[]; row_macs: Uint8Array; row_count: string; last_seq: string }>(
      'SELECT row_ids::text[] AS row_ids, row_macs, row_count::text, last_seq::text FROM audit_seals WHERE seal_index = $1',
      [String(head.seal_index)],
    );
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      await sql.query(
        'UPDATE audit_seals SET row_ids = row_ids[1:1], row_macs = substring(row_macs from 1 for 32), row_count = row_count - 1, last_seq = first_seq WHERE seal_index = $1',
        [String(head.seal_index)],
      );
      await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
    });
    await expectCut(head.seal_index);
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      await sql.query('UPDATE audit_seals SET row_ids = $2::uuid[], row_macs = $3, row_count = $4, last_seq = $5 WHERE seal_index = $1', [
        String(head.seal_index), saved!.row_ids, saved!.row_macs, saved!.row_count, saved!.last_seq,
      ]);
      await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
    });
  });

  it('the checkpoint seal changed (its MAC replaced)', async () => {
    await own.runtime.db.sql.query('TRUNCATE audit_checkpoints');
    const head = await sealedAndVerified('changed');
    await withAuditTriggerOff(own.runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      await sql.query('UPDATE audit_seals SET mac = $2 WHERE seal_index = $1', [String(head.seal_index), randomBytes(32)]);
      await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
    });
    await expectCut(head.seal_index);
  });
});

describe('AUDIT_ANCHOR_FILE', () => {
  const file = join(anchorDir, 'anchors.log');
  const own = chainOnOwnDatabase({ AUDIT_ANCHOR_FILE: file });

  it('each new seal appends `<time> <index>:<mac>`; verify checks the newest by itself and catches a cut tail', async () => {
    const { runtime } = own;
    await write(runtime, 3, 'one');
    await sealAuditLog(runtime);
    await write(runtime, 3, 'two');
    await sealAuditLog(runtime, { batchSize: 2 });
    const seals = await runtime.db.sql.query<{ seal_index: string; mac: Uint8Array }>('SELECT seal_index::text, mac FROM audit_seals ORDER BY seal_index');
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3);
    for (const [i, line] of lines.entries()) {
      const [time, claim] = line.split(' ');
      expect(new Date(time!).toISOString()).toBe(time);
      expect(claim).toBe(`${seals[i]!.seal_index}:${Buffer.from(seals[i]!.mac).toString('hex')}`);
    }
    const publishedAnchors = await readPublishedAnchors(file);
    expect(publishedAnchors.map((anchor) => String(anchor.sealIndex))).toEqual(['3', '2', '1']);
    const [published] = publishedAnchors as [(typeof publishedAnchors)[0]];
    expect(await verifyAuditChain(runtime, { publishedAnchors, checkpoint: 'file' })).toMatchObject({ valid: true });
    // The newest rows and seals deleted; no checkpoint reached them (a fresh verifier): only the anchor tells.
    const [{ first_seq }] = (await runtime.db.sql.query<{ first_seq: string }>('SELECT first_seq::text FROM audit_seals WHERE seal_index = 2')) as [{ first_seq: string }];
    await cutTail(runtime, '2', first_seq);
    expect(await verifyAuditChain(runtime, { checkpoint: 'fresh' })).toMatchObject({ valid: true });
    expect(await verifyAuditChain(runtime, { publishedAnchors, checkpoint: 'fresh-2' })).toMatchObject({
      valid: false,
      reason: `published anchor 3:${published.mac} (AUDIT_ANCHOR_FILE) is missing or changed: the chain was cut`,
    });
    // Sealed again over the cut (new seals 2, 3 with other MACs, published too): the older lines still tell.
    await write(runtime, 2, 'resealed');
    await sealAuditLog(runtime, { batchSize: 1 });
    const after = await readPublishedAnchors(file);
    expect(after.map((anchor) => String(anchor.sealIndex)).slice(0, 2)).toEqual(['3', '2']);
    expect(await verifyAuditChain(runtime, { publishedAnchors: after, checkpoint: 'fresh-3' })).toMatchObject({
      valid: false,
      reason: `published anchor 3:${published.mac} (AUDIT_ANCHOR_FILE) is missing or changed: the chain was cut`,
    });
  });
});

describe('chain key epochs', () => {
  const own = chainOnOwnDatabase();

  it('startAuditEpoch: a new key signs, a key change seal links the epochs under both keys, verify checks every epoch', async () => {
    const { runtime } = own;
    await write(runtime, 3, 'epoch-1');
    const oldKey = runtime.keyring.auditChainKey();
    const started = await startAuditEpoch(runtime);
    expect(started.epoch).toBe(2);
    expect(runtime.keyring.auditChainEpoch()).toBe(2);
    expect(runtime.keyring.auditChainKey().equals(oldKey)).toBe(false);
    expect(runtime.keyring.auditChainKey(1).equals(oldKey)).toBe(true);
    await write(runtime, 2, 'epoch-2');
    expect(await sealAuditLog(runtime)).toBe(2);
    const seals = await runtime.db.sql.query<{ seal_index: string; epoch: number; n: number; link: boolean }>(
      'SELECT seal_index::text, epoch, cardinality(row_ids) AS n, link_mac IS NOT NULL AS link FROM audit_seals ORDER BY seal_index',
    );
    expect(seals).toEqual([
      { seal_index: '1', epoch: 1, n: 3, link: false },
      { seal_index: '2', epoch: 2, n: 0, link: true },
      { seal_index: '3', epoch: 2, n: 2, link: false },
    ]);
    expect(String(started.anchor.seal_index)).toBe('2');
    expect(await verifyAuditChain(runtime, { full: true })).toMatchObject({ valid: true, checked: 5, seals: 3 });

    // A fresh process loads every epoch's key from vault_keys (wrapped, addressable by epoch).
    const names = await runtime.db.sql.query<{ name: string }>(`SELECT name FROM vault_keys WHERE name LIKE 'audit-chain%' ORDER BY name`);
    expect(names.map((row) => row.name)).toEqual(['audit-chain', 'audit-chain/epoch/2']);
    const other = await createRuntime({ config: runtime.config, logger: quiet, migrate: false }).catch(() => null);
    if (other) {
      expect(other.keyring.auditChainEpoch()).toBe(2);
      expect(await verifyAuditChain(other, { full: true, checkpoint: 'other' })).toMatchObject({ valid: true });
      await other.close();
    } else {
      // PGlite: one process holds the folder; load the keys into a keyring of the same master key instead.
      const { loadMasterKey } = await import('../../lib/crypto/master-key');
      const { Keyring } = await import('../../lib/crypto/keyring');
      const keyring = new Keyring(loadMasterKey(runtime.config));
      await loadAuditChainKey({ db: runtime.db, keyring });
      expect(keyring.auditChainEpoch()).toBe(2);
    }

    // Neither side of the link can be forged: a key change seal whose link MAC is not the old key's ...
    const restore = await runtime.db.sql.query<{ link_mac: Uint8Array; mac: Uint8Array }>('SELECT link_mac, mac FROM audit_seals WHERE seal_index = 2');
    const setSeal2 = (column: 'link_mac' | 'mac', value: Uint8Array) =>
      withAuditTriggerOff(runtime.db.sql, async (sql) => {
        await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
        await sql.query(`UPDATE audit_seals SET ${column} = $1 WHERE seal_index = 2`, [value]);
        await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
      });
    await setSeal2('link_mac', randomBytes(32));
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'link' })).toMatchObject({ valid: false, reason: 'key change seal 2 does not verify under the key of epoch 1' });
    await setSeal2('link_mac', restore[0]!.link_mac);
    // ... nor a seal that moves to another epoch without one.
    await withAuditTriggerOff(runtime.db.sql, async (sql) => {
      await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      await sql.query('UPDATE audit_seals SET link_mac = NULL WHERE seal_index = 2');
      await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
    });
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'link' })).toMatchObject({
      valid: false,
      reason: 'seal 2 changes the chain key epoch from 1 to 2 without a key change seal',
    });
    await setSeal2('link_mac', restore[0]!.link_mac);
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'link' })).toMatchObject({ valid: true });

    // A row MAC'd under the old epoch's key after the change is refused by the sealer.
    const stale = auditEntryValues({ auditChainKey: () => oldKey }, { action: 'tokenize', outcome: 'success', statusCode: 201, requestId: 'stale', accountId: null });
    await runtime.db.sql.query(
      `INSERT INTO audit_logs (id, action, outcome, status_code, account_id, project_id, application_id, user_id, token_id, resource, ip, request_id, created_at, writer_mac)
       VALUES ($1::uuid, $2, $3, $4::int, $5::uuid, $6::uuid, $7::uuid, $8::uuid, $9::uuid, $10, $11, $12, $13::timestamptz, $14)`,
      stale,
    );
    expect(await sealAuditLog(runtime)).toBe(0);
    expect(await verifyAuditChain(runtime, { full: true, checkpoint: 'link' })).toMatchObject({ valid: false, reason: `not written by the vault: ${stale[0]}` });
  });
});
