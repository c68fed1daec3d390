// The event types a project's endpoints can subscribe to (dot-delimited, Standard Webhooks style).
// `webhook.test` is sent only to the endpoint a test is asked for, never fanned out.
import { z } from 'zod';

export const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.cancelled',
  'checkout.payment.failed',
  'token.created',
  'token.deleted',
  'application.key_rotated',
  'application.deleted',
  'member.role_changed',
  'audit.chain_broken',
  'export.completed',
  'import.completed',
  'import.failed',
] as const;

export const TEST_EVENT_TYPE = 'webhook.test';

export type EventType = (typeof EVENT_TYPES)[number] | typeof TEST_EVENT_TYPE;

export const ZEventType = z.enum([...EVENT_TYPES, TEST_EVENT_TYPE]);
