// The sandbox processor (test projects only): the card number behind the token decides, as in the
// issue's table. The CVC session is taken exactly as the proxy takes it, so a sandbox checkout exercises
// the same single-use rules as a real one.
import type { Runtime } from '../../runtime/types';
import { takeTokenSecrets, type TokenProject } from '../../proxy/send-to-psp';
import { luhnValid } from '../../cards/card-rules';
import { randomBase62 } from '../../crypto/random';
import { approved, CARD_DECLINED_MESSAGE, cvcUnavailableOrThrow, declined, failed, INSUFFICIENT_FUNDS_MESSAGE, type ChargeOutcome } from './results';

/** The numbers with a scripted outcome; every other valid number is approved. */
const SANDBOX_CARDS = {
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processorError: '4000000000000119',
} as const;

export async function chargeSandbox(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring'>,
  input: { project: TokenProject & { environment: 'test' | 'production' }; testMode: boolean; token: string; cvcSessionId: string },
): Promise<ChargeOutcome> {
  if (!input.testMode || input.project.environment !== 'test') {
    throw new Error('The sandbox processor is only available in test projects');
  }
  let payload;
  try {
    ({ payload } = await takeTokenSecrets(runtime, { project: input.project, token: input.token, cvcSessionId: input.cvcSessionId }));
  } catch (error) {
    return cvcUnavailableOrThrow(error);
  }
  if (payload.type !== 'card') return { result: failed(), reason: 'not_a_card' };
  switch (payload.cardNumber) {
    case SANDBOX_CARDS.declined:
      return { result: declined('card_declined', CARD_DECLINED_MESSAGE), reason: 'sandbox_card' };
    case SANDBOX_CARDS.insufficientFunds:
      return { result: declined('insufficient_funds', INSUFFICIENT_FUNDS_MESSAGE), reason: 'sandbox_card' };
    case SANDBOX_CARDS.processorError:
      return { result: failed(), reason: 'sandbox_card' };
  }
  // Tokens hold only Luhn-valid numbers; the check keeps "any other valid number" literally true.
  if (!luhnValid(payload.cardNumber)) return { result: declined('card_declined', CARD_DECLINED_MESSAGE), reason: 'sandbox_card' };
  return { result: approved(`sbx_${randomBase62(24)}`), reason: 'approved' };
}
