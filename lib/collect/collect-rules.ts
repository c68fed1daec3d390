// The rules of a collect session (issue 24), in one place for the schemas, the handlers and the docs.
export const COLLECT_FIELDS = ['card_number', 'card_expiry', 'card_cvc'] as const;
export type CollectField = (typeof COLLECT_FIELDS)[number];

export const MIN_COLLECT_EXPIRY_SECONDS = 60;
export const MAX_COLLECT_EXPIRY_SECONDS = 3600;
export const DEFAULT_COLLECT_EXPIRY_SECONDS = 900;
/** Failed submissions a session takes; the last one expires it. */
export const MAX_COLLECT_FAILURES = 5;
/** Collect sessions one API key may open per minute. */
export const COLLECT_CREATE_PER_MINUTE = 60;
/** Metadata: at most this many keys, short string values (like the checkout's and the PSPs'). */
export const METADATA_MAX_KEYS = 20;
export const METADATA_KEY_MAX_LENGTH = 40;
export const METADATA_VALUE_MAX_LENGTH = 500;
