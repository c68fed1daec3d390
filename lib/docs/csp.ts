// The Content-Security-Policy of GET /docs: scripts only from this origin (the page has no inline script),
// requests only to this origin (the OpenAPI document, the try-it client calling this vault), nothing from
// another origin at all, and never framed.
const DIRECTIVES: [string, string][] = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  // Scalar (Vue) injects its stylesheet as <style> elements at run time; styles cannot run code.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

export const DOCS_CONTENT_SECURITY_POLICY = DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');
