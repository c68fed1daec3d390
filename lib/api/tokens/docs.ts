// Documentation shared by the tokens routes' definitions.
import { z } from 'zod';
import { dataResponse } from '../../core/openapi-shapes';
import { ZTokenView } from '../../tokens/schemas';

/** `{token}` path parameter. */
export const tokenParam = z.object({
  token: z.string().meta({ description: 'The token, in any format: `tok_…` (random), 13 to 19 digits (pan_preserving, last4_preserving) or a UUID (uuid).' }),
});

/** `{ success, data: TokenView }`: GET and PATCH of one token. */
export const ZTokenViewResponse = dataResponse('TokenViewResponse', ZTokenView);

/** What both PATCH routes of a token do (their auth differs). */
export const UPDATE_TOKEN_DESCRIPTION = [
  'Updates a token in place; the token value never changes. `metadata` is merged into the token\'s (a key set to `null` is removed, keys not named stay; at most 20 keys after the merge, values by tokenize\'s rules). `expires_at` sets a new expiry (RFC 3339 with an offset, in the future, at most 10 years ahead) and `null` removes the token\'s own expiry (the project\'s `token_retention_days` still applies). `expirationMonth` and `expirationYear` (a renewed card) take tokenize\'s rules; a bank token refuses them with 400 naming the field. At least one field; unknown fields are a 400.',
  'The card or bank data and the metadata are re-encrypted under the project\'s current data key version, and the search index entries of changed keys follow the project\'s `searchable_metadata_keys`, all in one transaction that holds the token (concurrent changes wait their turn). A PATCH is not a use: `last_used_at` stays.',
  'A deleted token, or one outside the caller\'s scope, is 404 `token_not_found`; an expired one is 404 `token_expired` (`Token expired`): its card data is destroyed, and its expiry cannot be moved back.',
  'Audit: a `token.update` row naming the token and the fields that changed, as `resource` `token:<id> fields=expires_at,metadata.plan` (`fields=none` when nothing differed); never a value.',
].join('\n\n');

/** The audit `resource` of a PATCH: the token and the names of the fields that changed, never their values. */
export const updatedTokenResource = (updated: { view: { id: string }; fields: string[] }) =>
  `token:${updated.view.id} fields=${updated.fields.length ? updated.fields.join(',') : 'none'}`;
