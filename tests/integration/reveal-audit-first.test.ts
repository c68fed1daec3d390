// Issue 21: no card data leaves the vault without its audit row. /detokenize commits its row before it
// answers, as the proxy does; checkout Pay commits its `checkout.charge` row before anything is sent to the
// processor. When the row cannot be written (here: the database refuses the insert) the answer is 503
// `service_unavailable`, no card data is in the body, and the local PSP receives nothing. Both ways a token
// is read (its id known to this node: read and row in one statement; or not) are covered.
import { describe, expect, it } from 'vitest';
import { ZProcessorConfigSchema } from '../../lib/merchants/processor-schemas';
import { CARD, customer, makeMerchant, openSession } from '../helpers/checkout';
import { useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import { refuseInserts } from '../helpers/refuse-inserts';
import { CHAIN_COLUMNS_WITH_WRITER_MAC, writtenByVault, type ChainRow } from '../../lib/audit/audit-row';
import { forgetTokenId, knownTokenId } from '../../lib/vault/token-ids';

const PAN = '4242424242424242';
const psp = useTestPsp(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'ch_1', status: 'succeeded' }) }));
const vault = useVaultWithPsp(() => psp);

describe('POST /detokenize', () => {
  // A token this node made or read before: its read and its audit row are one statement (the id is known);
  // one made on another node: the token is read, then its row written. The rule holds on both paths.
  for (const path of ['known to this node', 'made on another node'] as const) {
    it(`answers 503 and reveals nothing when its audit row cannot be written; reveals once it can (${path})`, async () => {
      const { test } = vault().tenants;
      const created = await vault().call('POST', '/tokenize', { key: test.keys.full, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } });
      expect(created.status).toBe(201);
      expect(knownTokenId(test.projectId, created.json.token)).toMatch(/^[0-9a-f-]{36}$/);
      if (path === 'made on another node') forgetTokenId(test.projectId, created.json.token);
      const undo = await refuseInserts(vault().runtime, 'audit_logs', `NEW.action = 'detokenize' AND NEW.project_id = '${test.projectId}'`);
      try {
        const refused = await vault().call('POST', '/detokenize', { key: test.keys.full, json: { token: created.json.token } });
        expect(refused.status).toBe(503);
        expect(refused.json).toMatchObject({ success: false, error: { code: 'service_unavailable', message: 'Service temporarily unavailable' } });
        expect(refused.text).not.toContain(PAN);
        expect(refused.text).not.toContain('4242');
      } finally {
        await undo();
      }
      const revealed = await vault().call('POST', '/detokenize', { key: test.keys.full, json: { token: created.json.token } });
      expect(revealed.status).toBe(200);
      expect(revealed.text).toContain(PAN);
      const rows = await vault().runtime.db.prisma.auditLog.findMany({ where: { action: 'detokenize', requestId: revealed.headers.get('x-request-id')! } });
      expect(rows.map((row) => [row.outcome, row.statusCode])).toEqual([['success', 200]]);
      const [token] = await vault().runtime.db.sql.query<{ id: string }>('SELECT id FROM tokens WHERE token = $1', [created.json.token]);
      expect(rows[0]!.tokenId).toBe(token!.id);
      // The row is the vault's own: its writer MAC verifies (the sealer would refuse it otherwise).
      const [chained] = await vault().runtime.db.sql.query<ChainRow>(`SELECT ${CHAIN_COLUMNS_WITH_WRITER_MAC} FROM audit_logs WHERE id = $1::uuid`, [rows[0]!.id]);
      expect(writtenByVault(vault().runtime.keyring.auditChainKey(), chained!)).toBe(true);
    });
  }

  it('a token deleted after this node learnt its id: 404 token_not_found, no success row, nothing revealed', async () => {
    const { test } = vault().tenants;
    const created = await vault().call('POST', '/tokenize', { key: test.keys.full, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } });
    expect(knownTokenId(test.projectId, created.json.token)).toBeDefined();
    await vault().runtime.db.sql.query('DELETE FROM tokens WHERE token = $1', [created.json.token]);
    const gone = await vault().call('POST', '/detokenize', { key: test.keys.full, json: { token: created.json.token } });
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe('token_not_found');
    expect(gone.text).not.toContain('4242');
    const rows = await vault().runtime.db.prisma.auditLog.findMany({ where: { action: 'detokenize', requestId: gone.headers.get('x-request-id')! } });
    expect(rows.map((row) => [row.outcome, row.statusCode])).toEqual([['failure', 404]]);
    expect(knownTokenId(test.projectId, created.json.token)).toBeUndefined();
  });
});

describe('POST /api/checkout/sessions/{id}/pay', () => {
  it("answers 503 and sends nothing to the PSP when the charge's audit row cannot be written; charges once it can", async () => {
    const merchant = await makeMerchant(vault(), {
      processor: ZProcessorConfigSchema.parse({
        type: 'http',
        url: psp.url('/v1/charges'),
        body: { card: '${cardNumber}', cvc: '${cvv}' },
        transaction_id_path: '$.id',
      }),
    });
    const sessionId = await openSession(vault(), merchant);
    const undo = await refuseInserts(vault().runtime, 'audit_logs', `NEW.action = 'checkout.charge' AND NEW.resource = 'checkout_session:${sessionId}'`);
    try {
      const refused = await customer(vault(), sessionId, 'pay', { json: CARD });
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({ success: false, error: { code: 'service_unavailable' } });
      expect(refused.text).not.toContain('4242');
      expect(psp.received).toEqual([]);
    } finally {
      await undo();
    }
    // Nothing was sent, so the claim went back: the same session pays now, its charge row first.
    const paid = await customer(vault(), sessionId, 'pay', { json: CARD });
    expect(paid.status).toBe(200);
    expect(psp.received).toHaveLength(1);
    const rows = await vault().runtime.db.prisma.auditLog.findMany({ where: { resource: `checkout_session:${sessionId}`, action: 'checkout.charge' } });
    expect(rows.map((row) => [row.outcome, row.statusCode])).toEqual([['success', 200]]);
  });
});
