// The exact `data` of each event type: what the OpenAPI document's `webhooks` show receivers, and what the
// tests hold every written event to (strict: a field added without its schema fails them). Ids, amounts,
// status, brand and last 4 at most: never a PAN, CVV, BIN or credential.
import { z } from 'zod';
import type { EventType } from './event-types';

const checkoutSession = {
  session_id: z.string().meta({ example: 'cs_4eC39HqLyjWDarjtT1zdp7dc' }),
  merchant_id: z.string(),
  mode: z.enum(['payment', 'setup']).meta({ description: '`setup`: the session only saves (tokenizes) a card, nothing is charged.' }),
  amount: z.string().nullable().meta({ description: 'Decimal string with the currency\'s minor digits; null in setup mode.', example: '10.50' }),
  currency: z.string().nullable().meta({ description: 'Null in setup mode.', example: 'EUR' }),
  status: z.enum(['open', 'completed', 'cancelled', 'expired']),
  attempts: z.number().int(),
  transaction_id: z.string().nullable().meta({ description: 'The processor\'s transaction id (completed only).' }),
  brand: z.string().nullable().meta({ description: 'Brand of the card used (the last attempt\'s), if any.' }),
  last4: z.string().nullable().meta({ description: 'Last 4 digits of the card used, if any.' }),
  token: z.string().nullable().meta({ description: 'Setup mode, once completed: the token made from the card (use it like any token: proxy, detokenize). Null otherwise.', example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
};

// An import's counts (issue 26): never card data. One event per import, not one `token.created` per row.
const importCounts = {
  import_id: z.string(),
  source: z.enum(['api', 'cli']),
  rows_total: z.number().int().nullable().meta({ description: 'Data rows in the file (null when its integrity pass did not finish).' }),
  rows_imported: z.number().int(),
  rows_skipped: z.number().int(),
  rows_failed: z.number().int(),
};

const ZCheckoutSessionData = z.strictObject(checkoutSession);

export const EVENT_DATA_SCHEMAS: Record<EventType, z.ZodType> = {
  'checkout.session.completed': ZCheckoutSessionData,
  'checkout.session.expired': ZCheckoutSessionData,
  'checkout.session.cancelled': ZCheckoutSessionData,
  'checkout.payment.failed': z.strictObject({
    ...checkoutSession,
    failure_code: z.string().nullable().meta({ description: 'The decline or failure code.', example: 'card_declined' }),
    failure_message: z.string().nullable(),
  }),
  'token.created': z.strictObject({
    token: z.string().meta({ example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    type: z.enum(['card', 'bank']),
    brand: z.string().nullable(),
    last4: z.string(),
    application_id: z.string().nullable().meta({ description: 'Null for test tokens made from the dashboard.' }),
    created_at: z.string(),
  }),
  'token.deleted': z.strictObject({ token: z.string(), type: z.enum(['card', 'bank']), brand: z.string().nullable(), last4: z.string() }),
  'application.key_rotated': z.strictObject({
    application_id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    previous_key_expires_at: z.string().nullable().meta({ description: 'Until when the previous key still works (null: it stopped at once).' }),
  }),
  'application.deleted': z.strictObject({ application_id: z.string(), name: z.string() }),
  'member.role_changed': z.strictObject({
    user_id: z.string(),
    email: z.string(),
    previous_role: z.enum(['owner', 'admin', 'developer', 'viewer']),
    role: z.enum(['owner', 'admin', 'developer', 'viewer']),
  }),
  'audit.chain_broken': z.strictObject({
    first_broken_id: z.string().nullable().meta({ description: 'The first audit row that no longer matches its seal (null when the break is a seal).' }),
    reason: z.string(),
    detected_at: z.string(),
  }),
  'export.completed': z.strictObject({
    export_id: z.string(),
    format: z.enum(['csv', 'jsonl']),
    rows_exported: z.number().int().meta({ description: 'The cards written to the file (deleted, expired and destroyed tokens are never exported).' }),
    requested_by: z.string().nullable().meta({ description: 'The owner who asked for it (null: the operator\'s `vault export cards`).' }),
    approved_by: z.string().nullable().meta({ description: 'The second owner who approved it (null: the operator approved, or the operator\'s own export).' }),
    recipient_fingerprint: z.string().meta({ description: 'The OpenPGP fingerprint of the key the file is encrypted to.' }),
  }),
  'import.completed': z.strictObject(importCounts),
  'import.failed': z.strictObject({
    ...importCounts,
    error_code: z.string().meta({ description: 'Why it failed, e.g. `integrity_check_failed`, `no_matching_key`, `signature_required` (never file content).', example: 'integrity_check_failed' }),
  }),
  'webhook.test': z.strictObject({ endpoint_id: z.string(), message: z.string() }),
};

const WHEN: Record<EventType, string> = {
  'checkout.session.completed': 'A checkout session was paid (the approved attempt is recorded), or a setup session saved its card (`token`, `brand`, `last4`).',
  'checkout.session.expired': 'A checkout session passed its deadline (noticed within CHECKOUT_EXPIRY_SWEEP_MS even if nobody loads it) or its last attempt failed.',
  'checkout.session.cancelled': 'The customer cancelled a checkout session.',
  'checkout.payment.failed': 'One payment attempt of a checkout session was declined or failed.',
  'token.created': 'A token was stored (tokenize, test tokens, hosted checkout).',
  'token.deleted': 'A token was deleted.',
  'application.key_rotated': 'An application\'s API key was rotated.',
  'application.deleted': 'An application was deleted.',
  'member.role_changed': 'A member\'s role changed (one event per project of the account).',
  'audit.chain_broken': 'The background audit verification found a break in the audit chain (once per break and project).',
  'export.completed': 'An approved card export was downloaded in full, or the operator\'s `vault export cards` finished (counts only: never card data).',
  'import.completed': 'A card import finished (its tokens are stored; no `token.created` event is sent for imported tokens).',
  'import.failed': 'A card import failed (integrity, key or signature check, or an error); no token of it is stored when its integrity pass failed.',
  'webhook.test': 'Sent by POST /api/webhook-endpoints/{id}/test to that endpoint only.',
};

/** The envelope of `type`, as delivered and as GET /api/events/{id} answers. */
export function eventEnvelopeSchema(type: EventType) {
  return z
    .strictObject({
      id: z.string().meta({ description: 'Event id; the `webhook-id` header, the same on every retry.', example: 'evt_2Vq8cT0kLmN4pR7sU1wX3yZ5' }),
      type: z.literal(type),
      timestamp: z.string().meta({ description: 'When the change happened (ISO 8601).' }),
      project_id: z.string(),
      livemode: z.boolean().meta({ description: 'True for production projects.' }),
      data: EVENT_DATA_SCHEMAS[type],
    })
    .meta({ description: WHEN[type] });
}
