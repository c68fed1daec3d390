// Zod issues as the API's field issues (error.fields): dotted paths and value-free messages.
import type { z } from 'zod';
import type { FieldIssue } from './errors';

// Zod never copies input values into its messages, but it does copy object keys (unknown keys, record
// keys in paths), and a client may send a card number as a key. Digit runs are cut out of anything that
// came from the input; PAN-length runs are cut out of messages as a last guard.
const KEY_DIGIT_RUN = /\d(?:[ -]?\d){2,}/g;
const PAN_LIKE_RUN = /\d(?:[ -]?\d){11,}/g;
const REDACTED = '[redacted]';

function pathSegment(segment: PropertyKey): string {
  if (typeof segment === 'number') return String(segment);
  const text = typeof segment === 'symbol' ? (segment.description ?? '') : segment;
  return text.replace(KEY_DIGIT_RUN, REDACTED);
}

/** A field path as error bodies name it (`data.cardNumber`), with digit runs of keys cut out. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(pathSegment).join('.');
}

/** Zod issues as API field issues: dotted path (`''` for the body itself) and a value-free message. */
export function zodIssuesToFields(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: dottedPath([...issue.path, key]), message: 'Unrecognized field' }));
    }
    return [{ path: dottedPath(issue.path), message: issue.message.replace(PAN_LIKE_RUN, REDACTED) }];
  });
}
