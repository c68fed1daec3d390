// Shared documentation pieces of the collect-session routes (Vault Elements).
import { z } from 'zod';
import { error } from '../../core/openapi-shapes';

export const collectSessionIdField = z.string().meta({ description: 'The collect session id (`cls_…`).', example: 'cls_4kT9fQ2xVbN8mWcR5yZ1aH7d' });
export const collectSessionParams = z.object({ id: collectSessionIdField });
export const collectNotFound = error('`not_found` (`Collect session not found`): unknown, or of another project.');
