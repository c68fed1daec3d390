// The token formats' names and limits, without the generators: the request schemas (also bundled into the
// dashboard's browser code) import these, and must not pull node:crypto into a page.
export const TOKEN_FORMATS = ['random', 'pan_preserving', 'last4_preserving', 'uuid'] as const;
export type TokenFormat = (typeof TOKEN_FORMATS)[number];

/** The shortest PAN a pan_preserving token is made for: 6 + 4 kept digits leave at least 3 random ones. */
export const MIN_PAN_PRESERVING_LENGTH = 13;
