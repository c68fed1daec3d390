// Whether the date and time an ISO 8601 / RFC 3339 string writes exist on the calendar and the clock.
// `new Date()` rolls what does not over (`2030-02-30` is read as March 2nd, `T24:00` as the next day), so a
// field parsed with it alone takes a date that does not exist as another one. Browser-safe (request schemas).
const WRITTEN = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d))?)?/i;
const OFFSET = /[+-](\d\d):(\d\d)$/;

/** True when `value` starts with a real date (and, if written, a time of 00:00:00 to 23:59:59) and any offset is at most 23:59. */
export function writtenDateTimeExists(value: string): boolean {
  const written = WRITTEN.exec(value);
  if (!written) return false;
  const [year, month, day, hour, minute, second] = written.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  const offset = OFFSET.exec(value);
  return !offset || (Number(offset[1]) <= 23 && Number(offset[2]) <= 59);
}
