// Central error mapping: our errors keep their status; store and database outages become 503 (fail
// closed); PostgreSQL refusing a U+0000 (22021) is the caller's 400; anything else is a generic 500,
// logged with ids only.
import { ZodError } from 'zod';
import { zodIssuesToFields } from '../core/zod-fields';
import { StoreUnavailableError } from '../store/types';
import { VaultError, messages } from '../core/errors';

// `Query read timeout`: pg's DATABASE_QUERY_TIMEOUT_MS passed (a black-holed or stalled database);
// `database connection queue is full`: too many callers already wait for a connection (lib/db/bounded-pool.ts).
const DATABASE_DOWN = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|connect ECONN|Can't reach database|DatabaseNotReachable|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|database connection queue is full|PGlite is closed/i;

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

/**
 * PostgreSQL's 22021 (`invalid byte sequence for encoding "UTF8": 0x00`): a U+0000 that got past the
 * request checks (lib/core/reject-nul.ts) reached a text column. As the pg error, or inside Prisma's
 * (`meta.driverAdapterError.cause.code`).
 */
function isNulRefusedByDatabase(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as { code?: unknown; originalCode?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
    if (candidate.code === '22021' || candidate.originalCode === '22021') return true;
    if (candidate.meta?.driverAdapterError && isNulRefusedByDatabase(candidate.meta.driverAdapterError)) return true;
    current = candidate.cause;
  }
  return false;
}

export function toVaultError(error: unknown): { error: VaultError; unexpected: boolean } {
  if (error instanceof VaultError) return { error, unexpected: false };
  if (error instanceof ZodError) return { error: VaultError.validation(zodIssuesToFields(error)), unexpected: false };
  if (isNulRefusedByDatabase(error)) {
    return { error: VaultError.validation([{ path: '', message: 'text fields must not contain the NUL character (U+0000)' }]), unexpected: false };
  }
  if (error instanceof StoreUnavailableError || isDatabaseUnavailable(error)) {
    return { error: new VaultError('service_unavailable', messages.serviceUnavailable), unexpected: true };
  }
  return { error: new VaultError('internal_error', 'Internal server error'), unexpected: true };
}
