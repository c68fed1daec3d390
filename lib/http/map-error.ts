// Central error mapping: our errors keep their status; store and database outages become 503 (fail
// closed); anything else is a generic 500, logged with ids only.
import { ZodError } from 'zod';
import { zodIssuesToFields } from '../vault/schemas';
import { StoreUnavailableError } from '../store/types';
import { VaultError } from './errors';

const DATABASE_DOWN = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|connect ECONN|Can't reach database|DatabaseNotReachable|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as { message?: unknown; code?: unknown; name?: unknown; cause?: unknown };
    if (typeof candidate.message === 'string' && DATABASE_DOWN.test(candidate.message)) return true;
    if (typeof candidate.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|P1001|P1002|P1017|57P01|57P03)$/.test(candidate.code)) return true;
    if (candidate.name === 'DriverAdapterError' && /DatabaseNotReachable|ConnectionClosed|SocketTimeout/.test(String((candidate as { cause?: { kind?: string } }).cause?.kind))) return true;
    current = candidate.cause;
  }
  return false;
}

export function toVaultError(error: unknown): { error: VaultError; unexpected: boolean } {
  if (error instanceof VaultError) return { error, unexpected: false };
  if (error instanceof ZodError) return { error: VaultError.validation(zodIssuesToFields(error)), unexpected: false };
  if (error instanceof StoreUnavailableError || isDatabaseUnavailable(error)) {
    return { error: new VaultError('service_unavailable', 'Service temporarily unavailable'), unexpected: true };
  }
  return { error: new VaultError('internal_error', 'Internal server error'), unexpected: true };
}
