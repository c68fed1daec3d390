// Documentation shared by the two token search routes (issue 25): what a search does, and its answers.
import { error, pageResponse } from '../../core/openapi-shapes';
import { ZTokenView } from '../../tokens/schemas';

/** `{ success, data: TokenView[], next_cursor }`, as GET /api/tokens pages. */
export const ZTokenSearchPage = pageResponse('TokenSearchPage', ZTokenView);

export const SEARCH_TOKENS_DESCRIPTION = [
  'Tokens matching every filter given, newest first, cursor-paginated (`limit` 1 to 100, default 25; pass `next_cursor` back as `cursor` with the same filters). Masked data, metadata and status only: never card or bank data. Unknown fields are a 400.',
  '`status` is `active` by default; `expired` and `deleted` find the others (deleted tokens appear only there). A `metadata` filter matches exact values of keys the project lists in `searchable_metadata_keys` (PUT /api/projects/{id}); another key is a 400 naming `metadata.<key>`, and a key added moments ago answers 409 `conflict` (`metadata key <key> is still being indexed; try again shortly`) until the project\'s existing tokens are indexed.',
].join('\n\n');

export const searchErrors = {
  409: error('`conflict`: a `metadata` key was added to the project\'s `searchable_metadata_keys` moments ago and the existing tokens are still being indexed; try again shortly.'),
};
