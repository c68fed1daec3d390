// The sandbox processor approves made-up cards: it exists for test projects only. A production project's
// merchant must charge through a real PSP (`http`); asking for sandbox there is a 400 naming the field.
import type { TProcessorConfig } from './processor-schemas';
import { VaultError } from '../core/errors';

export function assertProcessorAllowed(processor: TProcessorConfig, environment: 'test' | 'production'): void {
  if (processor.type === 'sandbox' && environment !== 'test') {
    throw VaultError.validation([{ path: 'processor.type', message: "processor.type 'sandbox' is only allowed in test projects" }]);
  }
}
