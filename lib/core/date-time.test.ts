import { describe, expect, it } from 'vitest';
import { writtenDateTimeExists } from './date-time';

describe('writtenDateTimeExists', () => {
  it.each(['2030-01-31', '2028-02-29', '2030-12-31T23:59:59Z', '2030-01-31T00:00:00.123+05:30', '2030-06-01T12:00-12:00', '0050-01-01'])('%s exists', (value) => {
    expect(writtenDateTimeExists(value)).toBe(true);
  });

  it.each(['2030-02-30', '2029-02-29T00:00:00Z', '2030-13-01', '2030-00-10', '2030-04-31T00:00:00Z', '2030-01-31T24:00:00Z', '2030-01-31T12:60:00Z', '2030-01-31T12:00:60Z', '2030-01-31T12:00:00+24:00', 'tomorrow'])('%s does not', (value) => {
    expect(writtenDateTimeExists(value)).toBe(false);
  });
});
