// Paths as they may appear in spans: a path carrying an id is exported as its route template
// (`/api/tokens/tok_…` → `/api/tokens/{token}`), so no token, CVC session id or checkout session id leaves
// the process in a span, and spans group by route like the metrics do. The server registers the API's
// templates at start (lib/server/main.ts); telemetry sits below lib/api and cannot import them. Kept on
// globalThis: the tracing chunk and the server chunk are separate modules of one process.
const TEMPLATES = Symbol.for('vault.span-route-templates');
type Segment = { fixed: string } | { param: string };
type Holder = { [TEMPLATES]?: Segment[][] };
const holder = globalThis as Holder;

/** Ids that open something, wherever a path has one (Next's pages too, which are not in the API's list). */
const ID_SEGMENTS: [RegExp, string][] = [
  [/^tok_[0-9A-Za-z]{16,64}$/, '{token}'],
  // A format-preserving token (issue 25), or a card number sent where a token goes: either way not exported.
  [/^\d{13,19}$/, '{token}'],
  [/^cs_[0-9A-Za-z]{24}$/, '{sessionId}'],
  [/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '{id}'],
];
/** The same ids inside any text (a span name such as `GET /checkout/cs_…`), not inside longer words. */
const ID_ANYWHERE: [RegExp, string][] = [
  [/(?<![0-9A-Za-z_])tok_[0-9A-Za-z]{16,64}(?![0-9A-Za-z])/g, '{token}'],
  [/(?<![0-9A-Za-z_])cs_[0-9A-Za-z]{24}(?![0-9A-Za-z])/g, '{sessionId}'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}'],
];

/** `/api/tokens/{token}` and the like: a `{name}` segment stands for any one non-empty segment. */
export function setSpanRouteTemplates(templates: readonly string[]): void {
  holder[TEMPLATES] = templates.map((template) =>
    template
      .slice(1)
      .split('/')
      .map((segment) => (/^\{[^/]+\}$/.test(segment) ? { param: segment } : { fixed: segment })),
  );
}

function matches(template: Segment[], segments: string[]): boolean {
  return template.length === segments.length && template.every((part, index) => ('fixed' in part ? part.fixed === segments[index] : segments[index] !== ''));
}

/**
 * A path's route template: the registered template it matches (fixed segments beat parameters, as in the
 * router), else the path with every id-shaped segment replaced.
 */
export function templatePath(pathname: string): string {
  const segments = pathname.slice(1).split('/');
  const candidates = (holder[TEMPLATES] ?? []).filter((template) => matches(template, segments));
  const best = candidates.sort((a, b) => fixedWeight(b) - fixedWeight(a))[0];
  if (best) return `/${best.map((part) => ('fixed' in part ? part.fixed : part.param)).join('/')}`;
  return `/${segments.map((segment) => ID_SEGMENTS.find(([shape]) => shape.test(segment))?.[1] ?? segment).join('/')}`;
}

/** Fixed segments count most where they come first: `/api/applications/key` beats `/api/applications/{id}`. */
function fixedWeight(template: Segment[]): number {
  return template.reduce((weight, part, index) => weight + ('fixed' in part ? 2 ** (template.length - index) : 0), 0);
}

/** Any text with the ids in it replaced by their parameter names. */
export function scrubIds(text: string): string {
  return ID_ANYWHERE.reduce((clean, [shape, name]) => clean.replace(shape, name), text);
}
