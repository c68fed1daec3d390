import { describe, expect, it } from 'vitest';
import { declineMessage, mapPspAnswer } from './map-psp-answer';
import { CARD_DECLINED_MESSAGE, PROCESSOR_ERROR_MESSAGE } from './results';

const config = { transaction_id_path: '$.data.charge.id', decline_message_path: 'error.message' };
const ok = (body: unknown, statusCode = 200) => mapPspAnswer(config, { statusCode, body });

describe('mapPspAnswer — approved', () => {
  it.each([200, 201, 202, 299])('%i with a string transaction id → approved', (statusCode) => {
    expect(ok({ data: { charge: { id: 'ch_123' } } }, statusCode)).toEqual({ result: { outcome: 'approved', transactionId: 'ch_123' }, reason: 'approved' });
  });

  it('a numeric transaction id becomes its decimal string; surrounding spaces are trimmed', () => {
    expect(ok({ data: { charge: { id: 987654 } } }).result).toEqual({ outcome: 'approved', transactionId: '987654' });
    expect(ok({ data: { charge: { id: 0 } } }).result).toEqual({ outcome: 'approved', transactionId: '0' });
    expect(ok({ data: { charge: { id: '  ch_1 ' } } }).result).toEqual({ outcome: 'approved', transactionId: 'ch_1' });
  });

  it('a JSON body that arrived as text (another content type) is parsed', () => {
    expect(ok(JSON.stringify({ data: { charge: { id: 'ch_text' } } })).result).toEqual({ outcome: 'approved', transactionId: 'ch_text' });
  });

  it('an array document and indexes', () => {
    expect(mapPspAnswer({ transaction_id_path: '$[1].id' }, { statusCode: 200, body: [{ id: 'a' }, { id: 'b' }] }).result).toEqual({ outcome: 'approved', transactionId: 'b' });
  });
});

describe('mapPspAnswer — success rule', () => {
  const withRule = (equals: string | number | boolean, value: unknown) =>
    mapPspAnswer({ ...config, success: { path: 'status', equals } }, { statusCode: 200, body: { status: value, data: { charge: { id: 'ch_1' } }, error: { message: 'Do not honor' } } });

  it('holds → approved', () => {
    expect(withRule('succeeded', 'succeeded').result.outcome).toBe('approved');
    expect(withRule(true, true).result.outcome).toBe('approved');
    expect(withRule(0, 0).result.outcome).toBe('approved');
  });

  it('fails → declined card_declined with the decline message; compared exactly, type included', () => {
    const declinedWith = { result: { outcome: 'declined', code: 'card_declined', message: 'Do not honor' }, reason: 'success_rule_failed' };
    expect(withRule('succeeded', 'failed')).toEqual(declinedWith);
    expect(withRule(true, 'true')).toEqual(declinedWith);
    expect(withRule(0, '0')).toEqual(declinedWith);
    expect(withRule('succeeded', undefined)).toEqual(declinedWith);
    expect(withRule('Succeeded', 'succeeded')).toEqual(declinedWith);
  });

  it('is checked before the transaction id: a failed rule is a decline even without an id', () => {
    const outcome = mapPspAnswer({ transaction_id_path: 'id', success: { path: 'paid', equals: true } }, { statusCode: 200, body: { paid: false } });
    expect(outcome).toEqual({ result: { outcome: 'declined', code: 'card_declined', message: CARD_DECLINED_MESSAGE }, reason: 'success_rule_failed' });
  });
});

describe('mapPspAnswer — declined', () => {
  it.each([400, 402, 404, 422, 499])('%i → card_declined with the message at decline_message_path', (statusCode) => {
    expect(ok({ error: { message: 'Insufficient funds on card' } }, statusCode)).toEqual({
      result: { outcome: 'declined', code: 'card_declined', message: 'Insufficient funds on card' },
      reason: 'psp_4xx',
    });
  });

  it.each([
    ['no decline_message_path configured', { transaction_id_path: 'id' }, { error: { message: 'x' } }],
    ['the path is missing', config, { error: {} }],
    ['not a string', config, { error: { message: 51 } }],
    ['empty', config, { error: { message: ' \n ' } }],
    ['not JSON', config, '<html>Bad request</html>'],
    ['no body', config, ''],
  ])('4xx, %s → the default message', (_name, configuration, body) => {
    expect(mapPspAnswer(configuration, { statusCode: 402, body }).result).toEqual({ outcome: 'declined', code: 'card_declined', message: CARD_DECLINED_MESSAGE });
  });
});

describe('mapPspAnswer — failed', () => {
  const failedWith = (reason: string) => ({ result: { outcome: 'failed', code: 'processor_error', message: PROCESSOR_ERROR_MESSAGE }, reason });

  it.each([500, 502, 503, 504, 599])('%i → processor_error', (statusCode) => {
    expect(ok({ data: { charge: { id: 'ch_1' } } }, statusCode)).toEqual(failedWith('psp_5xx'));
  });

  it.each([100, 199, 301, 302, 304, 307])('%i (not followed) → processor_error', (statusCode) => {
    expect(ok({ data: { charge: { id: 'ch_1' } } }, statusCode)).toEqual(failedWith('psp_unexpected_status'));
  });

  it.each([
    ['missing', { data: {} }],
    ['null', { data: { charge: { id: null } } }],
    ['empty', { data: { charge: { id: '' } } }],
    ['blank', { data: { charge: { id: '   ' } } }],
    ['an object', { data: { charge: { id: { v: 1 } } } }],
    ['a boolean', { data: { charge: { id: true } } }],
    ['too long', { data: { charge: { id: 'x'.repeat(256) } } }],
    ['not JSON', 'OK'],
    ['empty body', ''],
  ])('2xx with the transaction id %s → processor_error', (_name, body) => {
    expect(ok(body)).toEqual(failedWith('missing_transaction_id'));
  });
});

describe('declineMessage', () => {
  it('folds control characters and whitespace, caps the length', () => {
    expect(declineMessage('  Card\r\n\tdeclined\u0000 by\u2028issuer ')).toBe('Card declined by issuer');
    const long = declineMessage('é'.repeat(500));
    expect([...long!]).toHaveLength(200);
    expect(long!.endsWith('…')).toBe(true);
    expect(declineMessage('x'.repeat(200))).toBe('x'.repeat(200));
    expect(declineMessage(undefined)).toBeNull();
    expect(declineMessage('\u0007')).toBeNull();
  });
});

describe('mapPspAnswer — reads the unmasked answer, masks what it takes', () => {
  const secrets = { pan: '4000056655665556', cvv: '123' };

  it('a transaction id holding the CVV digits is kept; a card number in it is masked', () => {
    expect(mapPspAnswer({ transaction_id_path: 'id' }, { statusCode: 200, body: { id: 'ch_123' } }, secrets).result).toEqual({ outcome: 'approved', transactionId: 'ch_123' });
    expect(mapPspAnswer({ transaction_id_path: 'id' }, { statusCode: 200, body: { id: 123 } }, secrets).result).toEqual({ outcome: 'approved', transactionId: '123' });
    expect(mapPspAnswer({ transaction_id_path: 'id' }, { statusCode: 200, body: { id: 'ch_4000056655665556' } }, secrets).result).toEqual({
      outcome: 'approved',
      transactionId: 'ch_400005******5556',
    });
  });

  it('the success rule compares the value as sent', () => {
    const outcome = mapPspAnswer({ transaction_id_path: 'id', success: { path: 'code', equals: 123 } }, { statusCode: 200, body: { id: 'x', code: 123 } }, secrets);
    expect(outcome.result.outcome).toBe('approved');
  });

  it('the decline message is masked before its length is capped', () => {
    const body = { error: { message: `Card 4000 0566\n5566 5556 refused, cvc 123 wrong` } };
    expect(mapPspAnswer(config, { statusCode: 402, body }, secrets).result).toEqual({
      outcome: 'declined',
      code: 'card_declined',
      message: 'Card 4000 05** **** 5556 refused, cvc *** wrong',
    });
    const long = { error: { message: `${'x'.repeat(190)} 4000056655665556` } };
    const result = mapPspAnswer(config, { statusCode: 402, body: long }, secrets).result;
    expect(result.outcome === 'declined' && result.message).not.toMatch(/400005566/);
  });

  it('a PSP credential (a processor header value) echoed in the decline message is masked; short values are not', () => {
    const body = { error: { message: 'Invalid API key sk_live_51Habc: use Bearer sk_live_51Habc_full, version 1' } };
    const outcome = mapPspAnswer(config, { statusCode: 401, body }, secrets, ['Bearer sk_live_51Habc_full', 'sk_live_51Habc', '1']);
    expect(outcome.result).toEqual({ outcome: 'declined', code: 'card_declined', message: 'Invalid API key ***: use ***, version 1' });
  });

  it('the bare key of a `Bearer …` header, or a truncated echo of it, is masked too', () => {
    const credentials = ['Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc'];
    const message = (text: string) => {
      const outcome = mapPspAnswer(config, { statusCode: 401, body: { error: { message: text } } }, secrets, credentials);
      return outcome.result.outcome === 'declined' ? outcome.result.message : null;
    };
    expect(message('Invalid API Key provided: sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe('Invalid API Key provided: ***');
    expect(message('No such key sk_live_4eC39Hq…')).toBe('No such key ***…');
    expect(message('Key ending in LyjWDarjtT1zdp7dc is revoked')).toBe('Key ending in *** is revoked');
    expect(message('Bearer token refused')).toBe('Bearer token refused');
  });
});
