// Token metadata (issue 25): at most 20 keys `[a-z0-9_]{1,40}`, string values of up to 500 characters, and
// no card number smuggled in: a value holding a run of 12–19 digits that passes Luhn is refused, naming the
// key and never echoing the number. Spaces and dashes between digits belong to the run ("4242 4242 …" is
// one run); a run of more than 19 digits is not a card number.
import { z } from 'zod';
import { luhnValid } from '../cards/card-rules';
import { METADATA_KEY, METADATA_KEY_RULE, METADATA_MAX_KEYS } from '../core/metadata-keys';

export { METADATA_MAX_KEYS };
export const METADATA_VALUE_MAX_LENGTH = 500;
const DIGIT_RUN = /\d(?:[ -]*\d)*/g;
/** Twelve digits in one run: a value without them cannot hold a card number (most values: one test, no loop). */
const TWELVE_DIGIT_RUN = /\d(?:[ -]*\d){11}/;

/** Whether `text` holds a run of 12–19 digits (spaces and dashes between them allowed) that passes Luhn. */
export function holdsCardNumber(text: string): boolean {
  if (!TWELVE_DIGIT_RUN.test(text)) return false;
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length >= 12 && digits.length <= 19 && luhnValid(digits)) return true;
  }
  return false;
}

/** `metadata` on tokenize: the rules above, each issue naming `metadata.<key>`. */
// A plain-object check rather than z.record: a record copies the object by assignment, which drops a
// `__proto__` key silently (it sets the copy's prototype instead). The object is read as sent.
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));

export const ZTokenMetadata = z
  .custom<Record<string, unknown>>(isPlainObject, { error: 'metadata must be an object of strings' })
  // What the OpenAPI document says of it (a custom check has no shape of its own).
  .meta({ type: 'object', additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX_LENGTH }, maxProperties: METADATA_MAX_KEYS })
  .superRefine((metadata, ctx) => {
    const keys = Object.keys(metadata);
    if (keys.length > METADATA_MAX_KEYS) ctx.addIssue({ code: 'custom', message: `metadata must have at most ${METADATA_MAX_KEYS} keys` });
    for (const key of keys) {
      const value = metadata[key];
      if (!METADATA_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: `metadata keys must be ${METADATA_KEY_RULE}` });
      // Matches the key rule, but merging it anywhere would set an object's prototype.
      else if (key === '__proto__') ctx.addIssue({ code: 'custom', path: [key], message: 'metadata key __proto__ is reserved' });
      else if (typeof value !== 'string') ctx.addIssue({ code: 'custom', path: [key], message: `metadata.${key} must be a string` });
      else if (value.length > METADATA_VALUE_MAX_LENGTH) ctx.addIssue({ code: 'custom', path: [key], message: `metadata.${key} must be at most ${METADATA_VALUE_MAX_LENGTH} characters` });
      else if (holdsCardNumber(value)) ctx.addIssue({ code: 'custom', path: [key], message: `metadata.${key} must not contain a card number` });
    }
  })
  .transform((metadata) => metadata as Record<string, string>);
