// The fast door's router, compiled once from the route definitions: path templates become a tree of
// segments, fixed segments win over parameters by rule (`/api/applications/key` beats
// `/api/applications/{id}` whatever the order of the list), and a method the path does not define is a 405
// naming the ones it does.
import type { DefinedRoute } from './define-route';

export type RouteMatch =
  | { kind: 'handler'; handler: DefinedRoute; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string };

type Node = { fixed: Map<string, Node>; param?: { name: string; node: Node }; methods: Map<string, DefinedRoute> };

/** The order methods are listed in `Allow`. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const newNode = (): Node => ({ fixed: new Map(), methods: new Map() });

/** `/api/applications/{id}/rotate-key` → its segments; a parameter is `{name}` filling a whole segment. */
export function templateSegments(path: string): ({ param: string } | { fixed: string })[] {
  if (!path.startsWith('/')) throw new Error(`route path must start with /: ${path}`);
  return path
    .slice(1)
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment);
      if (param) return { param: param[1]! };
      if (!/^[A-Za-z0-9._-]+$/.test(segment)) throw new Error(`route path segment ${JSON.stringify(segment)} of ${path} is neither fixed nor a {parameter}`);
      return { fixed: segment };
    });
}

export function compileRouter(routes: readonly DefinedRoute[]): (method: string, pathname: string) => RouteMatch | null {
  const root = newNode();
  /** Paths without parameters, looked up whole first: the most specific match there is (the hot vault paths). */
  const exact = new Map<string, Node>();
  for (const route of routes) {
    const { method, path } = route.definition;
    let node = root;
    for (const segment of templateSegments(path)) {
      if ('fixed' in segment) {
        let next = node.fixed.get(segment.fixed);
        if (!next) node.fixed.set(segment.fixed, (next = newNode()));
        node = next;
      } else {
        if (node.param && node.param.name !== segment.param) {
          throw new Error(`${path}: parameter {${segment.param}} where another route has {${node.param.name}}`);
        }
        node.param ??= { name: segment.param, node: newNode() };
        node = node.param.node;
      }
    }
    if (node.methods.has(method)) throw new Error(`${method} ${path} is defined twice`);
    node.methods.set(method, route);
    node.methods = new Map([...node.methods].sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)));
    if (!path.includes('{')) exact.set(path, node);
  }

  return function match(method, pathname) {
    const params: Record<string, string> = {};
    const node = exact.get(pathname) ?? find(root, pathname.split('/'), 1, params);
    if (!node) return null;
    const handler = node.methods.get(method) ?? (method === 'HEAD' ? node.methods.get('GET') : undefined);
    if (!handler) return { kind: 'method_not_allowed', allow: [...node.methods.keys()].join(', ') };
    return { kind: 'handler', handler, params };
  };
}

/** The node of a path with methods, fixed segments first; a parameter never matches an empty segment. */
function find(node: Node, segments: string[], index: number, params: Record<string, string>): Node | null {
  if (index === segments.length) return node.methods.size > 0 ? node : null;
  const segment = segments[index]!;
  const fixed = node.fixed.get(segment);
  const viaFixed = fixed ? find(fixed, segments, index + 1, params) : null;
  if (viaFixed) return viaFixed;
  if (!node.param || segment === '') return null;
  const viaParam = find(node.param.node, segments, index + 1, params);
  if (viaParam) params[node.param.name] = safeDecode(segment);
  return viaParam;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
