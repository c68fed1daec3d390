import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ZBankDataSchema,
  ZCardDataSchema,
  ZTestTokenRequestSchema,
  ZTokenizeRequestSchema,
} from './schemas';
import { zodIssuesToFields } from '../core/zod-fields';

const card = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' };
const bank = { accountNumber: '000123456789', routingNumber: '110000000' };
const testToken = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' };

function fieldsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return zodIssuesToFields(result.error);
}

function tokenizeCard(data: Record<string, unknown>) {
  return fieldsOf(ZTokenizeRequestSchema, { type: 'card', data: { ...card, ...data } });
}

describe('ZTokenizeRequestSchema, card', () => {
  it('accepts a card and returns the digits without separators', () => {
    const result = ZTokenizeRequestSchema.parse({
      type: 'card',
      data: { ...card, cardNumber: '4242 4242-4242 4242', firstName: 'Jane', lastName: 'Doe' },
    });
    expect(result).toEqual({
      type: 'card',
      data: { ...card, cardNumber: '4242424242424242', firstName: 'Jane', lastName: 'Doe' },
    });
  });

  it('accepts a card without cvv and with a past 2-digit year (expired cards are stored)', () => {
    const result = ZTokenizeRequestSchema.parse({
      type: 'card',
      data: { cardNumber: '378282246310005', expirationMonth: '01', expirationYear: '19' },
    });
    expect(result).toEqual({
      type: 'card',
      data: { cardNumber: '378282246310005', expirationMonth: '01', expirationYear: '19' },
    });
  });

  it.each([
    [{ cardNumber: '4242424242424241' }, 'data.cardNumber', 'cardNumber fails the Luhn check'],
    [{ cardNumber: '4242 4242 4242 424x' }, 'data.cardNumber', 'cardNumber must contain only digits, spaces and dashes'],
    [{ cardNumber: '4242.4242.4242.4242' }, 'data.cardNumber', 'cardNumber must contain only digits, spaces and dashes'],
    [{ cardNumber: '' }, 'data.cardNumber', 'cardNumber must contain only digits, spaces and dashes'],
    [{ cardNumber: '42424242426' }, 'data.cardNumber', 'cardNumber must be 12 to 19 digits'],
    [{ cardNumber: '42424242424242424242' }, 'data.cardNumber', 'cardNumber must be 12 to 19 digits'],
    [{ cardNumber: 4242424242424242 }, 'data.cardNumber', 'cardNumber must be a string'],
    [{ cardNumber: undefined }, 'data.cardNumber', 'cardNumber is required'],
    [{ expirationMonth: '1' }, 'data.expirationMonth', 'expirationMonth must be two digits from 01 to 12'],
    [{ expirationMonth: '13' }, 'data.expirationMonth', 'expirationMonth must be two digits from 01 to 12'],
    [{ expirationMonth: '00' }, 'data.expirationMonth', 'expirationMonth must be two digits from 01 to 12'],
    [{ expirationYear: '203' }, 'data.expirationYear', 'expirationYear must be 2 or 4 digits'],
    [{ expirationYear: 2030 }, 'data.expirationYear', 'expirationYear must be a string'],
    [{ cvv: '12' }, 'data.cvv', 'cvv must be 3 or 4 digits'],
    [{ cvv: '12345' }, 'data.cvv', 'cvv must be 3 or 4 digits'],
    [{ firstName: 'x'.repeat(101) }, 'data.firstName', 'firstName must be at most 100 characters'],
    [{ lastName: 'x'.repeat(101) }, 'data.lastName', 'lastName must be at most 100 characters'],
    [{ cvc: '123' }, 'data.cvc', 'Unrecognized field'],
  ])('%j fails at %s with %j', (data, path, message) => {
    expect(tokenizeCard(data)).toEqual([{ path, message }]);
  });

  it('reports every failing field at once', () => {
    expect(tokenizeCard({ cardNumber: '4242424242424241', expirationMonth: '13', cvv: '1' })).toEqual([
      { path: 'data.cardNumber', message: 'cardNumber fails the Luhn check' },
      { path: 'data.expirationMonth', message: 'expirationMonth must be two digits from 01 to 12' },
      { path: 'data.cvv', message: 'cvv must be 3 or 4 digits' },
    ]);
  });

  it('accepts names of exactly 100 characters', () => {
    expect(ZCardDataSchema.safeParse({ ...card, firstName: 'x'.repeat(100) }).success).toBe(true);
  });
});

describe('ZTokenizeRequestSchema, bank', () => {
  it('accepts a bank account', () => {
    const input = { type: 'bank', data: { ...bank, accountHolderName: 'Jane Doe', accountType: 'savings' } };
    expect(ZTokenizeRequestSchema.parse(input)).toEqual(input);
  });

  it.each([
    [{ routingNumber: '110000001' }, 'data.routingNumber', 'routingNumber fails the ABA checksum'],
    [{ routingNumber: '11000000' }, 'data.routingNumber', 'routingNumber must be 9 digits'],
    [{ routingNumber: '11000000a' }, 'data.routingNumber', 'routingNumber must be 9 digits'],
    [{ accountNumber: '123' }, 'data.accountNumber', 'accountNumber must be 4 to 17 digits'],
    [{ accountNumber: '123456789012345678' }, 'data.accountNumber', 'accountNumber must be 4 to 17 digits'],
    [{ accountNumber: '1234-5678' }, 'data.accountNumber', 'accountNumber must be 4 to 17 digits'],
    [{ accountType: 'brokerage' }, 'data.accountType', "accountType must be 'checking' or 'savings'"],
    [{ accountHolderName: 'x'.repeat(101) }, 'data.accountHolderName', 'accountHolderName must be at most 100 characters'],
    [{ routingNumber: undefined }, 'data.routingNumber', 'routingNumber is required'],
  ])('%j fails at %s with %j', (data, path, message) => {
    expect(fieldsOf(ZTokenizeRequestSchema, { type: 'bank', data: { ...bank, ...data } })).toEqual([{ path, message }]);
  });

  it('ZBankDataSchema alone accepts the minimal fields', () => {
    expect(ZBankDataSchema.parse(bank)).toEqual(bank);
  });
});

describe('ZTokenizeRequestSchema, envelope', () => {
  it.each([
    [{ data: card }, 'type', "type must be 'card' or 'bank'"],
    [{ type: 'crypto', data: card }, 'type', "type must be 'card' or 'bank'"],
    [{ type: 'card' }, 'data', 'data is required'],
    [{ type: 'card', data: 'x' }, 'data', 'data must be an object'],
    [{ type: 'bank', data: [] }, 'data', 'data must be an object'],
    [{ type: 'card', data: card, extra: 1 }, 'extra', 'Unrecognized field'],
    ['not an object', '', 'Request body must be a JSON object'],
  ])('%j fails at %j with %j', (input, path, message) => {
    expect(fieldsOf(ZTokenizeRequestSchema, input)).toEqual([{ path, message }]);
  });

  it('validates card data against the card schema, not the bank one', () => {
    expect(fieldsOf(ZTokenizeRequestSchema, { type: 'bank', data: card })).toEqual([
      { path: 'data.accountNumber', message: 'accountNumber is required' },
      { path: 'data.routingNumber', message: 'routingNumber is required' },
      { path: 'data.cardNumber', message: 'Unrecognized field' },
      { path: 'data.expirationMonth', message: 'Unrecognized field' },
      { path: 'data.expirationYear', message: 'Unrecognized field' },
      { path: 'data.cvv', message: 'Unrecognized field' },
    ]);
  });
});

describe('ZTestTokenRequestSchema', () => {
  it('accepts the spec fields and strips separators', () => {
    const input = { ...testToken, cardNumber: '4000-0566-5566-5556', firstName: 'Jane', lastName: 'Doe' };
    expect(ZTestTokenRequestSchema.parse(input)).toEqual({ ...input, cardNumber: '4000056655665556' });
  });

  it('requires cardNumber, expirationMonth, expirationYear and cvc', () => {
    expect(fieldsOf(ZTestTokenRequestSchema, {})).toEqual([
      { path: 'cardNumber', message: 'cardNumber is required' },
      { path: 'expirationMonth', message: 'expirationMonth is required' },
      { path: 'expirationYear', message: 'expirationYear is required' },
      { path: 'cvc', message: 'cvc is required' },
    ]);
  });

  it.each([
    [{ cardNumber: '4242424242424241' }, 'cardNumber', 'cardNumber fails the Luhn check'],
    [{ cvc: '1' }, 'cvc', 'cvc must be 3 or 4 digits'],
    [{ expirationMonth: '7' }, 'expirationMonth', 'expirationMonth must be two digits from 01 to 12'],
    [{ cvv: '123' }, 'cvv', 'Unrecognized field'],
  ])('%j fails at %s with %j', (data, path, message) => {
    expect(fieldsOf(ZTestTokenRequestSchema, { ...testToken, ...data })).toEqual([{ path, message }]);
  });

  it('rejects a body that is not an object', () => {
    expect(fieldsOf(ZTestTokenRequestSchema, null)).toEqual([{ path: '', message: 'Request body must be an object' }]);
  });
});

describe('zodIssuesToFields never echoes the input', () => {
  const canary = '4111111111111112'; // Luhn-invalid on purpose
  const canaryGroups = '4111 1111 1111 1112';

  it.each([
    ['invalid card number', { type: 'card', data: { ...card, cardNumber: canary } }],
    ['formatted invalid card number', { type: 'card', data: { ...card, cardNumber: canaryGroups } }],
    ['card number in the cvv field', { type: 'card', data: { ...card, cvv: canary } }],
    ['card number as the type', { type: canary, data: card }],
    ['card number as an unknown key', { type: 'card', data: { ...card, [canary]: 'x' } }],
    ['formatted card number as an unknown key', { type: 'card', data: { ...card, [canaryGroups]: 'x' } }],
    ['card number as account type', { type: 'bank', data: { ...bank, accountType: canary } }],
  ])('%s', (_label, input) => {
    const serialised = JSON.stringify(fieldsOf(ZTokenizeRequestSchema, input));
    expect(serialised).not.toContain('1111');
    expect(serialised).not.toContain(canary.slice(-4));
  });

  it('redacts digit runs in keys that come from the input', () => {
    expect(fieldsOf(ZTokenizeRequestSchema, { type: 'card', data: { ...card, [canaryGroups]: 1, cvv2: 1 } })).toEqual([
      { path: 'data.[redacted]', message: 'Unrecognized field' },
      { path: 'data.cvv2', message: 'Unrecognized field' },
    ]);
    const records = z.record(z.string(), z.number());
    expect(fieldsOf(records, { [`pan${canary}`]: 'x' })).toEqual([
      { path: 'pan[redacted]', message: 'Invalid input: expected number, received string' },
    ]);
  });

  it('redacts PAN-length digit runs from messages as a last guard', () => {
    const leaky = z.string().refine(() => false, { message: `bad value ${canaryGroups}` });
    expect(fieldsOf(z.object({ items: z.array(leaky) }), { items: ['x'] })).toEqual([
      { path: 'items.0', message: 'bad value [redacted]' },
    ]);
  });
});

describe('OpenAPI metadata', () => {
  it('describes the card number, including separator handling, with an example', () => {
    expect(ZCardDataSchema.shape.cardNumber.meta()).toEqual({
      description: expect.stringContaining('Spaces and dashes between digit groups are accepted'),
      example: '4242424242424242',
    });
  });

  it('describes every field of every schema', () => {
    const shapes = [ZCardDataSchema.shape, ZBankDataSchema.shape, ZTestTokenRequestSchema.shape];
    for (const shape of shapes) {
      for (const [name, field] of Object.entries(shape)) {
        const described = field instanceof z.ZodOptional ? field.unwrap() : field;
        expect(described.meta()?.description, name).toEqual(expect.any(String));
      }
    }
  });
});
