// The rule of a token metadata key (issue 25), shared by tokenize's `metadata` (lib/tokens/token-metadata.ts)
// and a project's `searchable_metadata_keys` (lib/projects/token-settings-schemas.ts).

/** At most this many keys on a token (and so, at most this many searchable keys in a project). */
export const METADATA_MAX_KEYS = 20;
export const METADATA_KEY = /^[a-z0-9_]{1,40}$/;
export const METADATA_KEY_RULE = '1 to 40 of a-z, 0-9 and _';
