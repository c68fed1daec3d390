// Issue 21: no card data leaves the vault without its audit row. /detokenize commits its row before it
// answers, as the proxy does; checkout Pay commits its `checkout.charge` row before anything is sent to the
// processor. When the row cannot be written (here: the database refuses the insert) the answer is 503
// `service_unavailable`, no card data is in the body, and the local PSP receives nothing.
import { describe, expect, it } from 'vitest';
import { ZProcessorConfigSchema } from '../../lib/checkout/processors/schemas';
import { CARD, customer, makeMerchant, openSession } from '../helpers/checkout';
import { useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import { refuseInserts } from '../helpers/refuse-inserts';

const PAN = '4242424242424242';
const psp = useTestPsp(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'ch_1', status: 'succeeded' }) }));
const vault = useVaultWithPsp(() => psp);

describe('POST /detokenize', () => {
  it('answers 503 and reveals nothing when its audit row cannot be written; reveals once it can', async () => {
    const { test } = vault().tenants;
    const created = await vault().call('POST', '/tokenize', { key: test.keys.full, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } });
    expect(created.status).toBe(201);
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
