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

describe('maskSecrets: every way a PSP may write the card data back (issue 10)', () => {
  const secrets = { pan, cvv: '737' };
  const long = '6205500000000000004';
  // [case, text, masked]
  const table: [string, string, string][] = [
    ['plain', `n=${pan}`, 'n=424242******4242'],
    ['spaces between groups', 'n=4242 4242 4242 4242', 'n=4242 42** **** 4242'],
    ['dashes between groups', 'n=4242-4242-4242-4242', 'n=4242-42**-****-4242'],
    ['dots between groups', 'n=4242.4242.4242.4242', 'n=4242.42**.****.4242'],
    ['no-break spaces', 'n=4242\u00a04242\u00a04242\u00a04242', 'n=4242\u00a042**\u00a0****\u00a04242'],
    ['mixed separators', 'n=4242 4242-4242.4242', 'n=4242 42**-****.4242'],
    ['form-encoded spaces (+)', 'card=4242+4242+4242+4242&x=1', 'card=4242+42**+****+4242&x=1'],
    ['percent-encoded spaces', 'card=4242%204242%204242%204242', 'card=4242%2042**%20****%204242'],
    ['percent-encoded dashes (both cases)', 'card=4242%2D4242%2d4242%2D4242', 'card=4242%2D42**%2d****%2D4242'],
    ['percent-encoded dots', 'card=4242%2E4242%2E4242%2E4242', 'card=4242%2E42**%2E****%2E4242'],
    ['percent-encoded no-break spaces', 'card=4242%C2%A04242%c2%a04242%C2%A04242', 'card=4242%C2%A042**%c2%a0****%C2%A04242'],
    ['every digit percent-encoded', `card=${[...pan].map((d) => `%3${d}`).join('')}`, 'card=424242******4242'],
    ['some digits percent-encoded', 'card=%34242424242424242', 'card=424242******4242'],
    ['inside a longer text and URL', `https://psp.example/c?pan=${pan}&ok`, 'https://psp.example/c?pan=424242******4242&ok'],
    ['CVV standalone', 'cvc: 737.', 'cvc: ***.'],
    ['CVV percent-encoded', 'cvc=%37%33%37&x', 'cvc=***&x'],
    ['CVV after an encoded space', 'cvc%20737', 'cvc%20***'],
    ['CVV after an encoded `=`', 'cvc%3D737', 'cvc%3D***'],
    ['not a CVV: inside a longer number', 'amount 17370, id 7371', 'amount 17370, id 7371'],
    ['not a CVV: after a percent-encoded digit', 'x%31737', 'x%31737'],
    ['not the PAN: another card', '4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['not the PAN: two separators in a row', '4242  4242 4242 4242', '4242  4242 4242 4242'],
  ];

  it.each(table)('%s', (_name, text, masked) => {
    expect(maskSecrets(text, secrets)).toBe(masked);
  });

  it('other lengths and groupings: Amex 4-6-5 with dots, 19 digits with groups and percent-encoding', () => {
    expect(maskSecrets('3782.822463.10005', { pan: '378282246310005' })).toBe('3782.82****.*0005');
    expect(maskSecrets('6205 5000 0000 0000 004', { pan: long })).toBe('6205 50** **** ***0 004');
    expect(maskSecrets('6205%205000%200000%200000%20004', { pan: long })).toBe('6205%2050**%20****%20***0%20004');
  });
});

describe('maskJsonValue: card data sent back as JSON numbers (issue 10)', () => {
  const long = '6205500000000000004';
  // [case, JSON text as the PSP wrote it, secrets, JSON after masking]
  const table: [string, string, { pan?: string; cvv?: string }, string][] = [
    ['a 16-digit PAN as a number', `{"n":${pan}}`, { pan }, '{"n":"424242******4242"}'],
    ['a PAN as a number with a fraction or exponent', `{"a":${pan}.0,"b":4.242424242424242e15}`, { pan }, '{"a":"424242******4242","b":"424242******4242"}'],
    ['a 19-digit PAN as a number (rounded by JSON.parse)', `{"n":${long}}`, { pan: long }, '{"n":"620550*********0004"}'],
    ['a PAN as a number in an array', `[1,${pan},2]`, { pan }, '[1,"424242******4242",2]'],
    ['a CVV as a number', '{"cvc":737,"amount":7370,"x":73.7}', { cvv: '737' }, '{"cvc":"***","amount":7370,"x":73.7}'],
    ['a 4-digit CVV as a number', '{"cid":7373}', { cvv: '7373' }, '{"cid":"***"}'],
    ['other numbers stay numbers', '{"amount":1050,"n":4242424242424241,"big":6205500000000100000}', { pan, cvv: '737' }, '{"amount":1050,"n":4242424242424241,"big":6205500000000100000}'],
  ];

  it.each(table)('%s', (_name, json, secrets, masked) => {
    expect(JSON.stringify(maskJsonValue(JSON.parse(json), secrets))).toBe(masked);
  });
});
