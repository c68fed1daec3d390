#!/usr/bin/env node
// Developer tool (issue 22): the import graph of lib/, app/ and components/ as a report: import cycles
// (strongly connected components of more than one file), pairs of lib/ folders that import each other, and
// imports that climb three or more `../` levels. Reads every import, `import type`, `export … from` and
// `import('literal')`. Usage: node scripts/import-graph.mjs [--json]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOP = ['lib', 'app', 'components'];
const SPECIFIERS = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function sources(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'generated') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = TOP.filter((top) => existsSync(join(root, top))).flatMap((top) => sources(join(root, top)));
const edges = new Map();
const deep = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of text.matchAll(SPECIFIERS)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if ((specifier.match(/\.\.\//g) ?? []).length >= 3) deep.push(`${relative(root, file)}: ${specifier}`);
    const target = resolveImport(file, specifier);
    if (target && target !== file) targets.add(target);
  }
  edges.set(file, targets);
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(file) {
  state.set(file, { index, low: index, onStack: true });
  index += 1;
  stack.push(file);
  for (const target of edges.get(file) ?? []) {
    if (!edges.has(target)) continue;
    if (!state.has(target)) {
      connect(target);
      state.get(file).low = Math.min(state.get(file).low, state.get(target).low);
    } else if (state.get(target).onStack) {
      state.get(file).low = Math.min(state.get(file).low, state.get(target).index);
    }
  }
  if (state.get(file).low === state.get(file).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const file of files) if (!state.has(file)) connect(file);

// lib/<folder> pairs that import each other (a file directly in lib/ is its own "folder").
const folderOf = (file) => {
  const parts = relative(root, file).split('/');
  return parts[0] === 'lib' && parts.length > 2 ? `lib/${parts[1]}` : parts[0] === 'lib' ? relative(root, file) : parts[0];
};
const folderEdges = new Set();
for (const [file, targets] of edges) for (const target of targets) if (folderOf(file) !== folderOf(target)) folderEdges.add(`${folderOf(file)} → ${folderOf(target)}`);
const mutual = [...folderEdges].filter((edge) => edge < edge.split(' → ').reverse().join(' → ') && folderEdges.has(edge.split(' → ').reverse().join(' → '))).map((edge) => edge.replace(' → ', ' ⇄ ')).sort();

const report = { files: files.length, cycles, mutualFolderPairs: mutual, deepImports: deep.length };
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`${files.length} files; ${cycles.length} import cycles; ${mutual.length} folder pairs importing each other; ${deep.length} imports climbing 3+ levels`);
  for (const [n, cycle] of cycles.entries()) console.log(`cycle ${n + 1} (${cycle.length} files): ${cycle.join(', ')}`);
  for (const pair of mutual) console.log(`mutual: ${pair}`);
}
