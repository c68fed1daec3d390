// Whether a field's error means "keep typing" (`incomplete`) or "this is wrong" (`invalid`), for the
// Elements frames' change events, their aria-invalid timing and submit()'s rejection. The hosted
// checkout's messages (lib/checkout/card-input.ts) say "incomplete" or "Enter …" for a value that more
// typing can fix; a security code shorter than the brand's length (3 when the brand is not known yet)
// is such a value too, though its message names the length. Pure code: bundled into the field frame.
import { digitsOnly } from '../checkout/card-input';

export function fieldErrorCode(field: string, value: string, error: string, cvcLength: number | null): 'incomplete' | 'invalid' {
  if (/incomplete|^Enter/.test(error)) return 'incomplete';
  if (field === 'card_cvc' && value === digitsOnly(value) && value.length < (cvcLength ?? 3)) return 'incomplete';
  return 'invalid';
}
