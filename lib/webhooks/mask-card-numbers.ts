// A receiver's answer is stored (its first 2 KB) for the delivery log. Events carry no card data, but a
// receiver could echo some of its own: any 13-19 digit run (spaces or dashes allowed between digits) that
// passes the Luhn check is stored masked like the proxy masks responses: BIN and last 4 at most.
import { luhnValid, maskPan } from '../cards/card-rules';

const CARD_LIKE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

export function maskCardNumbers(text: string): string {
  return text.replace(CARD_LIKE, (match) => {
    const digits = match.replace(/[ -]/g, '');
    return luhnValid(digits) ? maskPan(digits) : match;
  });
}
