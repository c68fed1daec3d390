// Unexpected failures (5xx) are logged with ids only: through the runtime's logger, or, when the
// runtime itself could not start, a fallback JSON logger with the same redaction.
import { createLogger, type Logger } from '../logger';
import type { Runtime } from '../runtime/types';

let fallback: Logger | undefined;

export function logUnexpected(runtime: Pick<Runtime, 'logger'> | undefined, error: unknown, fields: { requestId: string; action?: string }): void {
  (runtime?.logger ?? (fallback ??= createLogger({ level: 'error' }))).error({ err: error, ...fields }, 'request failed');
}
