#!/usr/bin/env node
// The import graph of lib/, app/ and components/ and the layer rule it must follow (issue 22). Reads every
// import, `import type`, `export … from` and `import('literal')`, relative or `@/`. tests/integration/
// layers.test.ts asserts the rule (zero upward imports, zero cycles); run this file for the report:
//   node scripts/import-graph.mjs [--json]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The layers, lowest first. A file may import its own layer's files and lower layers' files; within an
 * ordered layer (`order`), its own folder and the folders before it. `only` narrows what a layer may import.
 * Paths are prefixes (a trailing `/`) or exact files; the first match wins, so lib/runtime/types.ts is
 * matched before lib/runtime/.
 */
export const LAYERS = [
  { name: 'core', paths: ['lib/core/', 'lib/config.ts', 'lib/logger.ts', 'lib/paths.ts'], note: 'errors, uuid, query fields, cursors, zod fields, JSON bodies, response shapes, durations' },
  {
    name: 'infrastructure',
    order: ['crypto', 'db', 'store', 'mail', 'background', 'outbound', 'metrics', 'telemetry'],
    note: 'keys and hashes, PostgreSQL/PGlite, Redis or the in-process store, mail, timers, the SSRF-guarded dispatcher, Prometheus, tracing',
  },
  { name: 'runtime types', paths: ['lib/runtime/types.ts'], note: 'the Runtime type, type-only imports of core and infrastructure' },
  {
    name: 'domain',
    order: ['cards', 'keys', 'api-keys', 'audit', 'auth', 'projects', 'events', 'applications', 'accounts', 'members', 'tokens', 'vault', 'proxy', 'merchants', 'checkout', 'collect', 'elements', 'webhooks', 'usage', 'imports', 'exports', 'key-rotation', 'docs', 'guides'],
    note: 'the business rules; a domain imports only the domains before it',
  },
  { name: 'runtime', paths: ['lib/runtime/'], note: 'the composition root (create-runtime), boot steps, background work, the process holder (shared)' },
  { name: 'transport', paths: ['lib/http/'], only: ['core', 'infrastructure', 'runtime types'], note: 'define-route, router, respond, read-body, csrf, idempotency, map-error, node bridge: no domain imports' },
  { name: 'api auth', paths: ['lib/api/auth/'], note: 'every auth kind and the one audit envelope they share' },
  { name: 'api', paths: ['lib/api/', 'lib/openapi/'], note: 'the endpoint definitions, the route list, the OpenAPI document' },
  { name: 'entry point', paths: ['lib/server/', 'lib/cli/', 'lib/dashboard/', 'app/', 'components/', 'proxy.ts'], note: 'may import anything above' },
];

/** Where a project file sits: its layer's index, the layer name, and (ordered layers) the folder's place. */
export function layerOf(file) {
  for (const [index, layer] of LAYERS.entries()) {
    if (layer.order) {
      const folder = /^lib\/([^/]+)\//.exec(file)?.[1];
      const place = folder === undefined ? -1 : layer.order.indexOf(folder);
      if (place >= 0) return { index, name: layer.name, label: `${layer.name} "${folder}"`, place };
      continue;
    }
    if (layer.paths.some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path))) return { index, name: layer.name, label: layer.name, place: 0 };
  }
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
export function ruleBroken(from, to) {
  if (from.index === to.index) return from.place >= to.place ? null : `${from.label} may not import ${to.label}, which comes after it`;
  const allowed = LAYERS[from.index].only;
  if (allowed && !allowed.includes(to.name)) return `${from.label} may import only ${allowed.join(', ')}, not ${to.label}`;
  return to.index < from.index ? null : `${from.label} may not import ${to.label}, a higher layer`;
}

const SPECIFIERS = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
const TOP = ['lib', 'app', 'components'];

function sourcesUnder(root, dir) {
  const found = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'generated') continue;
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourcesUnder(root, path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function resolveSpecifier(root, from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(from), specifier));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const path = join(root, candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return null;
}

/** Every project file of lib/, app/, components/ (and proxy.ts) with its imports: `{ file: [{ to, line, specifier }] }`. */
export function readImportGraph(root = projectRoot) {
  const files = TOP.filter((top) => existsSync(join(root, top))).flatMap((top) => sourcesUnder(root, top));
  if (existsSync(join(root, 'proxy.ts'))) files.push('proxy.ts');
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const imports = [];
    for (const match of text.matchAll(SPECIFIERS)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const to = resolveSpecifier(root, file, specifier);
      const offset = match.index + match[0].indexOf(specifier);
      if (to && to !== file) imports.push({ to, specifier, line: text.slice(0, offset).split('\n').length });
    }
    graph.set(file, imports);
  }
  return graph;
}

/** Imports that break the layer rule, each as `file:line imports target: reason`. */
export function upwardImports(graph) {
  const found = [];
  for (const [file, imports] of graph) {
    const from = layerOf(file);
    for (const { to, line } of imports) {
      const target = layerOf(to);
      if (!from || !target) {
        found.push(`${file}:${line} imports ${to}: ${!from ? file : to} is in no layer (add it to LAYERS in scripts/import-graph.mjs)`);
        continue;
      }
      const reason = ruleBroken(from, target);
      if (reason) found.push(`${file}:${line} imports ${to}: ${reason}`);
    }
  }
  return found.sort();
}

/** Import cycles: the strongly connected components of more than one file (Tarjan). */
export function importCycles(graph) {
  let counter = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (file) => {
    state.set(file, { index: counter, low: counter, onStack: true });
    counter += 1;
    stack.push(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!state.has(to)) {
        visit(to);
        state.get(file).low = Math.min(state.get(file).low, state.get(to).low);
      } else if (state.get(to).onStack) {
        state.get(file).low = Math.min(state.get(file).low, state.get(to).index);
      }
    }
    if (state.get(file).low === state.get(file).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** lib/<folder> pairs that import each other (lib/api/<area> counts as its own folder; a file directly in lib/, and lib/runtime/types.ts, a layer of its own, are their own). */
export function mutualFolderPairs(graph) {
  const folderOf = (file) => {
    const parts = file.split('/');
    if (parts[0] !== 'lib') return parts[0];
    if (parts.length === 2 || file === 'lib/runtime/types.ts') return file;
    return parts[1] === 'api' && parts.length > 3 ? `lib/api/${parts[2]}` : `lib/${parts[1]}`;
  };
  const edges = new Set();
  for (const [file, imports] of graph) for (const { to } of imports) if (folderOf(file) !== folderOf(to)) edges.add(`${folderOf(file)} → ${folderOf(to)}`);
  const reverse = (edge) => edge.split(' → ').reverse().join(' → ');
  return [...edges].filter((edge) => edge < reverse(edge) && edges.has(reverse(edge))).map((edge) => edge.replace(' → ', ' ⇄ ')).sort();
}

/** Imports that climb more than two `../` levels (the `@/` alias replaces them). */
export function deepImports(graph) {
  return [...graph].flatMap(([file, imports]) => imports.filter(({ specifier }) => (specifier.match(/\.\.\//g) ?? []).length > 2).map(({ specifier, line }) => `${file}:${line} ${specifier}`));
}

export function importReport(root = projectRoot) {
  const graph = readImportGraph(root);
  return { files: graph.size, cycles: importCycles(graph), upwardImports: upwardImports(graph), mutualFolderPairs: mutualFolderPairs(graph), deepImports: deepImports(graph) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv.find((arg) => arg.startsWith('--root='))?.slice('--root='.length) ?? projectRoot;
  const report = importReport(resolve(root));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`${report.files} files; ${report.cycles.length} import cycles; ${report.upwardImports.length} upward imports; ${report.mutualFolderPairs.length} folder pairs importing each other; ${report.deepImports.length} imports climbing 3+ levels`);
    for (const [n, cycle] of report.cycles.entries()) console.log(`cycle ${n + 1} (${cycle.length} files): ${cycle.join(', ')}`);
    for (const line of report.upwardImports) console.log(`upward: ${line}`);
    for (const pair of report.mutualFolderPairs) console.log(`mutual: ${pair}`);
  }
}
