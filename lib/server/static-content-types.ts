// Content types for public files Next would serve with the wrong one. Next's static server guesses from the
// extension with an old MIME table in which ".ts" is an MPEG transport stream (video/mp2t), so the SDKs' types
// (/checkout.d.ts, /webhooks.d.ts) would download as video. Set before Next serves the file: its static
// server keeps a Content-Type that is already set.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '/checkout.d.ts': 'application/typescript; charset=utf-8',
  '/webhooks.d.ts': 'application/typescript; charset=utf-8',
  '/elements.d.ts': 'application/typescript; charset=utf-8',
};

/** The content type to serve `pathname` with, when Next's guess is wrong; else null. */
export function staticContentType(pathname: string): string | null {
  return Object.hasOwn(CONTENT_TYPES, pathname) ? CONTENT_TYPES[pathname]! : null;
}
