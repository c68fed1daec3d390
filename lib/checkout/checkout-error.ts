// An API error of the customer's checkout calls that carries fields beside `error` (e.g. `redirectUrl`, so
// the page knows where an expired session sends the customer). Rendered by the customer route wrapper as
// { success:false, error:{code, message}, ...extra, request_id }.
import { VaultError, type ErrorCode } from '../core/errors';

export class CheckoutError extends VaultError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown>,
  ) {
    super(code, message);
    this.name = 'CheckoutError';
  }
}
