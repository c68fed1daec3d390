// What POST /detokenize reveals of a token's payload: exactly the fields its response schema names, picked
// one by one, so a field stored in a payload (now or by a future change) is never revealed unless the
// documented response says so. Never a security code: payloads do not hold one, and this could not show it.
import type { z } from 'zod';
import type { ZDetokenizeResponseSchema } from './schemas';
import type { TokenPayload } from './token-payload';

export type TRevealedPayload = z.output<typeof ZDetokenizeResponseSchema>['data'];

export function presentRevealedPayload(payload: TokenPayload): TRevealedPayload {
  if (payload.type === 'card') {
    const { cardNumber, expirationMonth, expirationYear, firstName, lastName, cardholderName } = payload;
    return {
      type: 'card',
      cardNumber,
      expirationMonth,
      expirationYear,
      ...(firstName === undefined ? {} : { firstName }),
      ...(lastName === undefined ? {} : { lastName }),
      ...(cardholderName === undefined ? {} : { cardholderName }),
    };
  }
  const { accountNumber, routingNumber, accountHolderName, accountType } = payload;
  return {
    type: 'bank',
    accountNumber,
    routingNumber,
    ...(accountHolderName === undefined ? {} : { accountHolderName }),
    ...(accountType === undefined ? {} : { accountType }),
  };
}
