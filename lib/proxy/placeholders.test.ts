import { describe, expect, it } from 'vitest';
import { VaultError } from '../core/errors';
import {
  findJsonPlaceholders,
  findPlaceholders,
  stripFormFields,
  substituteForm,
  substituteJsonValue,
  substituteXml,
  type SecretValues,
} from './placeholders';

const card: SecretValues = { cardNumber: '4242424242424242', expirationMonth: '04', expirationYear: '2030', cvv: '123' };
const bank: SecretValues = { accountNumber: '000123456789', routingNumber: '110000000' };
// Artificial: real secrets are digits, but the escaping must hold for anything.
const tricky = `a&b<c>"d'e f+g%h é😀`;

function thrown(action: () => unknown): VaultError {
  try {
    action();
  } catch (error) {
    if (error instanceof VaultError) return error;
    throw error;
  }
  throw new Error('expected a VaultError');
}

describe('findPlaceholders', () => {
  it('finds raw placeholders and reports ${cvc} as cvv', () => {
    const text = '{"n":"${cardNumber}","m":"${expirationMonth}/${expirationYear}","c":"${cvc}","a":"${accountNumber}","r":"${routingNumber}"}';
    expect(findPlaceholders(text)).toEqual(
      new Set(['cardNumber', 'expirationMonth', 'expirationYear', 'cvv', 'accountNumber', 'routingNumber']),
    );
  });

  it('finds percent-encoded placeholders, hex in either case, and half-encoded ones', () => {
    expect(findPlaceholders('a=%24%7BcardNumber%7D&b=%24%7bcvv%7d&c=$%7BexpirationYear%7D&d=%24{routingNumber}')).toEqual(
      new Set(['cardNumber', 'cvv', 'expirationYear', 'routingNumber']),
    );
  });

  it('ignores unknown names, other cases and incomplete forms', () => {
    expect(findPlaceholders('${foo} ${CardNumber} ${ cvv } $cvv {cvv} ${cvv %24%7Bcvv')).toEqual(new Set());
  });
});

describe('findJsonPlaceholders', () => {
  it('looks in string values at any depth, not in keys', () => {
    const body = { '${accountNumber}': 1, card: { number: '${cardNumber}', list: ['x', 'cvc: ${cvc}'] }, n: 5 };
    expect(findJsonPlaceholders(body)).toEqual(new Set(['cardNumber', 'cvv']));
  });

  it('ignores the percent-encoded spelling, which JSON substitution does not replace', () => {
    expect(findJsonPlaceholders({ a: '%24%7BcardNumber%7D' })).toEqual(new Set());
  });
});

describe('substituteJsonValue', () => {
  it('replaces placeholders in string values at any depth and leaves keys alone', () => {
    const body = {
      amount: 1000,
      capture: true,
      note: null,
      '${cardNumber}': 'key stays',
      source: { number: '${cardNumber}', exp: '${expirationMonth}/${expirationYear}', cvc: '${cvc}', cvv: '${cvv}' },
      items: ['${expirationYear}', 7, ['${cardNumber}']],
    };
    expect(JSON.stringify(substituteJsonValue(body, card))).toBe(
      '{"amount":1000,"capture":true,"note":null,"${cardNumber}":"key stays",' +
        '"source":{"number":"4242424242424242","exp":"04/2030","cvc":"123","cvv":"123"},' +
        '"items":["2030",7,["4242424242424242"]]}',
    );
  });

  it('keeps a string that is exactly a placeholder a string (leading zeros survive)', () => {
    expect(substituteJsonValue({ account: '${accountNumber}' }, bank)).toEqual({ account: '000123456789' });
    expect(substituteJsonValue('${expirationMonth}', card)).toBe('04');
  });

  it('leaves unknown placeholders and look-alikes untouched', () => {
    expect(substituteJsonValue({ a: '${foo}', b: '${CVV}', c: '%24%7BcardNumber%7D', d: '$${cvv}}' }, card)).toEqual({
      a: '${foo}',
      b: '${CVV}',
      c: '%24%7BcardNumber%7D',
      d: '$123}',
    });
  });

  it('relies on JSON.stringify for escaping', () => {
    const out = substituteJsonValue({ name: '${cardNumber}' }, { cardNumber: `${tricky}\\\n` });
    expect(JSON.stringify(out)).toBe(`{"name":"a&b<c>\\"d'e f+g%h é😀\\\\\\n"}`);
  });

  it('does not rescan inserted values', () => {
    expect(substituteJsonValue({ a: '${cardNumber}${cvv}' }, { cardNumber: '${cvv}', cvv: '123' })).toEqual({ a: '${cvv}123' });
  });

  it('does not mutate its input and keeps __proto__ as a plain key', () => {
    const body = JSON.parse('{"__proto__":{"n":"${cardNumber}"},"x":["${cvv}"]}') as unknown;
    const before = JSON.stringify(body);
    const out = substituteJsonValue(body, card);
    expect(JSON.stringify(body)).toBe(before);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"n":"4242424242424242"},"x":["123"]}');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('needs no values when there are no placeholders', () => {
    expect(substituteJsonValue({ a: 'plain' }, {})).toEqual({ a: 'plain' });
  });
});

describe('missing values', () => {
  it('${cvv} without a CVC session is cvc_session_required', () => {
    const error = thrown(() => substituteJsonValue({ c: '${cvv}' }, { cardNumber: '4242424242424242' }));
    expect(error.code).toBe('cvc_session_required');
    expect(error.status).toBe(400);
    expect(error.message).toBe('cvc_session_id is required to use the ${cvv} placeholder');
  });

  it('names the spelling used: ${cvc}', () => {
    const error = thrown(() => substituteForm('cvc=%24%7Bcvc%7D', {}));
    expect(error.code).toBe('cvc_session_required');
    expect(error.message).toBe('cvc_session_id is required to use the ${cvc} placeholder');
  });

  it('a field the token does not have is a validation_error on request_data', () => {
    const error = thrown(() => substituteXml('<acct>${accountNumber}</acct>', card));
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe('The token has no value for the ${accountNumber} placeholder');
    expect(error.fields).toEqual([
      { path: 'request_data', message: 'The token has no value for the ${accountNumber} placeholder' },
    ]);
  });

  it('a card placeholder on a bank token fails the same way', () => {
    const error = thrown(() => substituteJsonValue({ n: '${cardNumber}' }, bank));
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe('The token has no value for the ${cardNumber} placeholder');
  });
});

describe('substituteForm', () => {
  it('replaces raw and percent-encoded spellings', () => {
    const body =
      'card%5Bnumber%5D=%24%7BcardNumber%7D&card%5Bexp_month%5D=%24%7bexpirationMonth%7d' +
      '&card[exp_year]=${expirationYear}&card[cvc]=$%7Bcvc%7D&amount=1000';
    expect(substituteForm(body, card)).toBe(
      'card%5Bnumber%5D=4242424242424242&card%5Bexp_month%5D=04&card[exp_year]=2030&card[cvc]=123&amount=1000',
    );
  });

  it('percent-encodes inserted values like the WHATWG urlencoded serializer', () => {
    expect(substituteForm('name=${cardNumber}&x=1', { cardNumber: tricky })).toBe(
      'name=a%26b%3Cc%3E%22d%27e+f%2Bg%25h+%C3%A9%F0%9F%98%80&x=1',
    );
    expect(substituteForm('v=%24%7BcardNumber%7D', { cardNumber: "*-._~!()=&?/#" })).toBe(
      'v=*-._%7E%21%28%29%3D%26%3F%2F%23',
    );
  });

  it('leaves the rest of the body exactly as it was', () => {
    expect(substituteForm('a=%7e+b&${foo}=%24%7Bfoo%7D&&c', card)).toBe('a=%7e+b&${foo}=%24%7Bfoo%7D&&c');
  });
});

describe('substituteXml', () => {
  it('replaces placeholders in text and attributes', () => {
    const body =
      '<?xml version="1.0"?><payment><card number="${cardNumber}" cvc=\'${cvc}\'>' +
      '<expiry>${expirationMonth}/${expirationYear}</expiry></card><other>${foo}</other></payment>';
    expect(substituteXml(body, card)).toBe(
      '<?xml version="1.0"?><payment><card number="4242424242424242" cvc=\'123\'>' +
        '<expiry>04/2030</expiry></card><other>${foo}</other></payment>',
    );
  });

  it('entity-escapes inserted values', () => {
    expect(substituteXml('<name a="${cardNumber}">${cardNumber}</name>', { cardNumber: tricky })).toBe(
      '<name a="a&amp;b&lt;c&gt;&quot;d&apos;e f+g%h é😀">a&amp;b&lt;c&gt;&quot;d&apos;e f+g%h é😀</name>',
    );
  });

  it('does not treat the percent-encoded spelling as a placeholder', () => {
    expect(substituteXml('<a>%24%7BcardNumber%7D</a>', card)).toBe('<a>%24%7BcardNumber%7D</a>');
  });
});

describe('stripFormFields', () => {
  const routing = ['token', 'proxy_url', 'cvc_session_id'];

  it('removes the routing fields and keeps the other pairs byte-for-byte', () => {
    const body =
      'token=tok_123&amount=10%2e00&proxy_url=https%3A%2F%2Fpsp.example%2Fpay&note=a+b%7e' +
      '&cvc_session_id=6f1c&card%5Bnumber%5D=%24%7BcardNumber%7D';
    expect(stripFormFields(body, routing)).toBe('amount=10%2e00&note=a+b%7e&card%5Bnumber%5D=%24%7BcardNumber%7D');
  });

  it('matches names after decoding, and every repetition', () => {
    expect(stripFormFields('to%6Ben=a&cvc%5Fsession%5Fid=b&x=1&token=c&token', routing)).toBe('x=1');
  });

  it('keeps similar names, empty segments and malformed escapes', () => {
    expect(stripFormFields('token2=a&&my_token=b&%zz=1&=v&&token=t', routing)).toBe('token2=a&&my_token=b&%zz=1&=v&');
  });

  it('handles bodies that become empty or had nothing to remove', () => {
    expect(stripFormFields('token=a&proxy_url=b', routing)).toBe('');
    expect(stripFormFields('', routing)).toBe('');
    expect(stripFormFields('a=1&b=2', routing)).toBe('a=1&b=2');
  });

  it('treats + in a name as a space, as the PSP would', () => {
    expect(stripFormFields('my+field=1&x=2', ['my field'])).toBe('x=2');
  });
});

describe('extra (non-secret) placeholders of a caller', () => {
  const extra = { amount: '10.50', amountMinor: '1050', currency: 'EUR', sessionId: 'cs_a&b<c>"d\'e f+g%h é😀' };

  it('are substituted beside the secret ones, in one pass, with each format\'s escaping', () => {
    expect(JSON.stringify(substituteJsonValue({ a: '${amount}/${amountMinor} ${currency}', n: '${cardNumber}', s: '${sessionId}' }, card, extra))).toBe(
      JSON.stringify({ a: '10.50/1050 EUR', n: card.cardNumber, s: extra.sessionId }),
    );
    expect(substituteForm('a=${amount}&s=%24%7BsessionId%7D&n=${cardNumber}', card, extra)).toBe(
      `a=10.50&s=${new URLSearchParams([['', extra.sessionId]]).toString().slice(1)}&n=${card.cardNumber}`,
    );
    expect(substituteXml('<a v="${amount}">${sessionId}</a>', card, extra)).toBe(
      '<a v="10.50">cs_a&amp;b&lt;c&gt;&quot;d&apos;e f+g%h é😀</a>',
    );
  });

  it('an inserted value is never rescanned, whichever kind it is', () => {
    expect(substituteXml('${currency}${cardNumber}', { cardNumber: '${amount}' }, { currency: '${cardNumber}' })).toBe('${cardNumber}${amount}');
  });

  it('without extras the names are not placeholders (the proxy leaves ${amount} alone)', () => {
    expect(substituteXml('<a>${amount}</a>', card)).toBe('<a>${amount}</a>');
    expect(substituteForm('a=${amount}', card, {})).toBe('a=${amount}');
  });

  it('names that are not plain identifiers or that shadow a secret placeholder are programming errors', () => {
    expect(() => substituteXml('x', card, { 'a|b': '1' })).toThrow(/Not a usable placeholder name/);
    expect(() => substituteXml('x', card, { cardNumber: '1' })).toThrow(/Not a usable placeholder name/);
    expect(() => substituteXml('x', card, { cvc: '1' })).toThrow(/Not a usable placeholder name/);
  });
});
