import { describe, expect, it } from 'vitest';
import {
  binOf,
  cvcPattern,
  detectBrand,
  displayedBin,
  expirationMonthPattern,
  expirationYearPattern,
  last4,
  luhnValid,
  maskPan,
  normaliseYear,
  stripCardSeparators,
  visibleBin,
} from './card-rules';

describe('luhnValid', () => {
  it.each(['4242424242424242', '378282246310005', '36227206271667', '6205500000000000004', '0'])('accepts %s', (pan) => {
    expect(luhnValid(pan)).toBe(true);
  });

  it.each(['4242424242424241', '4111111111111112', '1'])('rejects %s', (pan) => {
    expect(luhnValid(pan)).toBe(false);
  });

  it.each(['', '4242 4242 4242 4242', '4242-4242-4242-4242', '42424242424242a2', '４２４２'])(
    'rejects non-digit input %j',
    (input) => {
      expect(luhnValid(input)).toBe(false);
    },
  );
});

describe('stripCardSeparators', () => {
  it('removes spaces and dashes only', () => {
    expect(stripCardSeparators(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
    expect(stripCardSeparators('4242\t4242')).toBe('4242\t4242');
  });
});

describe('detectBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['340000000000009', 'amex'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['38520000009814', 'diners'],
    ['3095000000000000', 'diners'],
    ['3566002020360505', 'jcb'],
    ['3528000000000007', 'jcb'],
    ['3589000000000003', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['6221260000000000', 'unionpay'],
    ['5018000000000009', 'maestro'],
    ['5600000000000003', 'maestro'],
    ['5800000000000005', 'maestro'],
    ['6304000000000000', 'maestro'],
    ['6759000000000000', 'maestro'],
    ['6761000000000000', 'maestro'],
    ['6767700000000000', 'maestro'],
    ['6767740000000000', 'maestro'],
  ])('%s is %s', (pan, brand) => {
    expect(detectBrand(pan)).toBe(brand);
  });

  it.each([
    ['2220999999999999', 'just below the Mastercard 2-series'],
    ['2721000000000000', 'just above the Mastercard 2-series'],
    ['2200000000000000', 'Mir'],
    ['3527000000000000', 'just below JCB'],
    ['3590000000000000', 'just above JCB'],
    ['3060000000000000', 'between Diners 305 and 3095'],
    ['6767710000000000', 'Maestro UK neighbour'],
    ['1234567890123456', 'no scheme'],
    ['', 'empty'],
    ['4242 4242', 'not digits only'],
  ])('%s is null (%s)', (pan) => {
    expect(detectBrand(pan)).toBeNull();
  });

  it('works on a prefix (as-you-type)', () => {
    expect(detectBrand('4')).toBe('visa');
    expect(detectBrand('37')).toBe('amex');
    expect(detectBrand('3')).toBeNull();
  });
});

describe('display forms', () => {
  it('masks the middle of a 16-digit PAN, keeping BIN and last 4', () => {
    expect(maskPan('4242424242424242')).toBe('424242******4242');
  });

  it('keeps the PAN length for 14, 15 and 19 digits', () => {
    expect(maskPan('36227206271667')).toBe('362272****1667');
    expect(maskPan('378282246310005')).toBe('378282*****0005');
    expect(maskPan('6205500000000000004')).toBe('620550*********0004');
  });

  it('shows only the last 4 when BIN + last 4 would leave fewer than 4 digits hidden', () => {
    expect(maskPan('5018000000009')).toBe('*********0009');
    expect(maskPan('501800000009')).toBe('********0009');
  });

  it.each([
    ['4242424242424242', '424242'],
    ['36227206271667', '362272'],
    ['5018000000009', null],
    ['4222222222222', null],
    ['501800000009', null],
  ])('displayedBin(%s) is %s: the BIN only where the mask shows it', (pan, bin) => {
    expect(displayedBin(pan)).toBe(bin);
    if (bin) expect(maskPan(pan).startsWith(bin)).toBe(true);
    else expect(maskPan(pan).startsWith('*')).toBe(true);
  });

  it('visibleBin hides a stored BIN that the stored mask does not show', () => {
    expect(visibleBin({ bin: '501800', mask: '*********0009' })).toBeNull();
    expect(visibleBin({ bin: null, mask: '*********0009' })).toBeNull();
    expect(visibleBin({ bin: '424242', mask: '424242******4242' })).toBe('424242');
  });

  it('binOf is the first 6 digits, last4 the last 4', () => {
    expect(binOf('4242424242424242')).toBe('424242');
    expect(binOf('6205500000000000004')).toBe('620550');
    expect(last4('378282246310005')).toBe('0005');
  });
});

describe('expiry and security code', () => {
  it.each(['01', '09', '10', '12'])('month %s is valid', (month) => {
    expect(expirationMonthPattern.test(month)).toBe(true);
  });

  it.each(['1', '00', '13', '1a', '012', ' 01'])('month %j is invalid', (month) => {
    expect(expirationMonthPattern.test(month)).toBe(false);
  });

  it.each(['30', '2030', '1999', '00'])('year %s is valid (past years too)', (year) => {
    expect(expirationYearPattern.test(year)).toBe(true);
  });

  it.each(['3', '203', '20301', '20a0'])('year %j is invalid', (year) => {
    expect(expirationYearPattern.test(year)).toBe(false);
  });

  it('normaliseYear keeps the year exactly as sent', () => {
    expect(normaliseYear('30')).toBe('30');
    expect(normaliseYear('2030')).toBe('2030');
  });

  it.each([
    ['123', true],
    ['1234', true],
    ['12', false],
    ['12345', false],
    ['12a', false],
  ])('cvc %s valid: %s', (cvc, valid) => {
    expect(cvcPattern.test(cvc)).toBe(valid);
  });
});
