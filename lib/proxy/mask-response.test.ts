import { describe, expect, it } from 'vitest';
import { maskHeaders, maskJsonValue, maskSecrets } from './mask-response';

const pan = '4242424242424242';

describe('maskSecrets: PAN', () => {
  it('replaces the PAN with BIN + * + last 4 wherever it appears', () => {
    expect(maskSecrets(`card ${pan} ok; again:${pan}`, { pan })).toBe('card 424242******4242 ok; again:424242******4242');
    expect(maskSecrets(`{"number":"${pan}","last4":"4242"}`, { pan })).toBe('{"number":"424242******4242","last4":"4242"}');
  });

  it('masks a PAN inside a longer digit run', () => {
    expect(maskSecrets(`1${pan}9`, { pan })).toBe('1424242******42429');
  });

  it('masks spaced and dashed forms, keeping their separators', () => {
    expect(maskSecrets('n: 4242 4242 4242 4242.', { pan })).toBe('n: 4242 42** **** 4242.');
    expect(maskSecrets('n: 4242-4242-4242-4242.', { pan })).toBe('n: 4242-42**-****-4242.');
    expect(maskSecrets('3782 822463 10005', { pan: '378282246310005' })).toBe('3782 82**** *0005');
  });

  it('leaves other card numbers and partial PANs alone', () => {
    expect(maskSecrets('4111111111111111 424242424242', { pan })).toBe('4111111111111111 424242424242');
  });

  it('shows only the last 4 of a short PAN', () => {
    expect(maskSecrets('x 5018000000009 x', { pan: '5018000000009' })).toBe('x *********0009 x');
  });
});

describe('maskSecrets: CVV', () => {
  it('replaces the CVV only as a standalone digit run', () => {
    expect(maskSecrets('cvc 123, code 1234, 0123, 1230, id a123b, "123"', { cvv: '123' })).toBe(
      'cvc ***, code 1234, 0123, 1230, id a***b, "***"',
    );
  });

  it('masks a 4-digit CVV with three stars too (its length is not revealed)', () => {
    expect(maskSecrets('cid=7373', { cvv: '7373' })).toBe('cid=***');
  });

  it('does not re-mask the visible tail of a masked PAN that equals the CVV', () => {
    expect(maskSecrets(`${pan} 4242`, { pan, cvv: '4242' })).toBe('424242******4242 ***');
  });
});

describe('maskSecrets: account number', () => {
  it('replaces the account number with * + last 4 wherever it appears', () => {
    expect(maskSecrets('acct 000123456789 ref X000123456789Y', { accountNumber: '000123456789' })).toBe(
      'acct ********6789 ref X********6789Y',
    );
  });

  it('masks a 4-digit account number completely', () => {
    expect(maskSecrets('acct=1234', { accountNumber: '1234' })).toBe('acct=****');
  });
});

describe('maskSecrets: nothing to mask', () => {
  it('returns the text unchanged without secrets or with empty ones', () => {
    expect(maskSecrets(`x ${pan} 123`, {})).toBe(`x ${pan} 123`);
    expect(maskSecrets(`x ${pan} 123`, { pan: '', cvv: '', accountNumber: '' })).toBe(`x ${pan} 123`);
    expect(maskSecrets('', { pan, cvv: '123' })).toBe('');
  });
});

describe('maskJsonValue', () => {
  it('masks string values, keys and numbers equal to a secret', () => {
    const body = {
      card: { number: 4242424242424242, cvc: 123, last4: '4242', text: 'PAN 4242 4242 4242 4242, cvc 123' },
      [pan]: true,
      amounts: [123.5, 1234, 12.3, -123, null, false],
      account: 123456789,
      nested: [[{ 'cvc=123': 'ok' }]],
    };
    const secrets = { pan, cvv: '123', accountNumber: '123456789' };
    expect(JSON.stringify(maskJsonValue(body, secrets))).toBe(
      '{"card":{"number":"424242******4242","cvc":"***","last4":"4242","text":"PAN 4242 42** **** 4242, cvc ***"},' +
        '"424242******4242":true,"amounts":[123.5,1234,12.3,-123,null,false],"account":"*****6789",' +
        '"nested":[[{"cvc=***":"ok"}]]}',
    );
  });

  it('does not mutate its input and keeps __proto__ as a plain key', () => {
    const body = JSON.parse(`{"__proto__":{"pan":"${pan}"}}`) as unknown;
    const out = maskJsonValue(body, { pan });
    expect(JSON.stringify(out)).toBe('{"__proto__":{"pan":"424242******4242"}}');
    expect(JSON.stringify(body)).toBe(`{"__proto__":{"pan":"${pan}"}}`);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('passes scalars through', () => {
    expect(maskJsonValue(null, { pan })).toBeNull();
    expect(maskJsonValue(true, { pan })).toBe(true);
    expect(maskJsonValue(pan, { pan })).toBe('424242******4242');
  });
});

describe('maskHeaders', () => {
  it('masks header values, multi-value headers and names', () => {
    const headers = {
      'content-type': 'application/json',
      'x-card': pan,
      'set-cookie': ['cvc=123; Path=/', 'last=4242-4242-4242-4242'],
      [`x-${pan}`]: 'v',
    };
    expect(maskHeaders(headers, { pan, cvv: '123' })).toEqual({
      'content-type': 'application/json',
      'x-card': '424242******4242',
      'set-cookie': ['cvc=***; Path=/', 'last=4242-42**-****-4242'],
      'x-424242******4242': 'v',
    });
  });
});
