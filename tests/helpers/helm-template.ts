// Renders a Helm chart without the helm binary, for tests: a small evaluator of the part of Go's template
// language (and of Helm's functions) that deploy/helm/vault uses. Anything else is an error, so a template
// cannot drift outside what this renders. Stricter than Helm on purpose: a `.Values` path that is not set
// is an error wherever its value would be printed or piped (Helm prints nothing), which catches typos.
//   actions: {{ pipeline }}, {{- … -}} trimming, {{/* comment */}}, if / else / end, define / end
//   operands: .  .Values.a.b  .Release.Name  .Chart.AppVersion  "string"  123  true/false  (pipeline)
//   functions: include, toYaml, nindent, indent, quote, default, trunc, required, and, or, not, int, gt, fail
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, parseAllDocuments, stringify } from 'yaml';

type Node = { kind: 'text'; text: string } | { kind: 'print'; pipeline: string } | { kind: 'if'; pipeline: string; then: Node[]; otherwise: Node[] };
type Templates = Map<string, Node[]>;

const UNSET = Symbol('unset');

/** Text and actions, with `{{-` / `-}}` trimming the whitespace beside them. */
function tokenize(source: string, file: string): ({ text: string } | { action: string })[] {
  const tokens: ({ text: string } | { action: string })[] = [];
  let rest = source;
  let trimNext = false;
  while (rest.length) {
    const open = rest.indexOf('{{');
    let text = open < 0 ? rest : rest.slice(0, open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open < 0) {
      tokens.push({ text });
      break;
    }
    const close = rest.indexOf('}}', open);
    if (close < 0) throw new Error(`${file}: unclosed action`);
    let action = rest.slice(open + 2, close);
    if (action.startsWith('- ')) text = text.replace(/\s+$/, '');
    trimNext = action.endsWith(' -');
    action = action.replace(/^- /, '').replace(/ -$/, '').trim();
    tokens.push({ text }, { action });
    rest = rest.slice(close + 2);
  }
  return tokens.filter((token) => !('text' in token) || token.text !== '');
}

/** Parses one file: its top-level nodes; `define` blocks go into `templates`. */
function parseFile(source: string, file: string, templates: Templates): Node[] {
  const tokens = tokenize(source, file);
  let index = 0;
  const block = (inside: string | null): { nodes: Node[]; ended: 'end' | 'else' | null } => {
    const nodes: Node[] = [];
    while (index < tokens.length) {
      const token = tokens[index++]!;
      if ('text' in token) {
        nodes.push({ kind: 'text', text: token.text });
        continue;
      }
      const { action } = token;
      if (action.startsWith('/*') && action.endsWith('*/')) continue;
      if (action === 'end' || action === 'else') {
        if (!inside) throw new Error(`${file}: {{ ${action} }} outside a block`);
        return { nodes, ended: action };
      }
      const define = /^define "([^"]+)"$/.exec(action);
      if (define) {
        const body = block('define');
        if (body.ended !== 'end') throw new Error(`${file}: define ${define[1]} must end with {{ end }}`);
        templates.set(define[1]!, body.nodes);
        continue;
      }
      const condition = /^if (.+)$/.exec(action);
      if (condition) {
        const then = block('if');
        const otherwise = then.ended === 'else' ? block('else') : { nodes: [], ended: 'end' as const };
        if (otherwise.ended !== 'end') throw new Error(`${file}: if without end`);
        nodes.push({ kind: 'if', pipeline: condition[1]!, then: then.nodes, otherwise: otherwise.nodes });
        continue;
      }
      if (/^(range|with|template|block|else if)\b|:=/.test(action)) throw new Error(`${file}: {{ ${action} }} is outside the supported subset`);
      nodes.push({ kind: 'print', pipeline: action });
    }
    if (inside) throw new Error(`${file}: {{ ${inside} }} without end`);
    return { nodes, ended: null };
  };
  return block(null).nodes;
}

/** Go's truth: false, 0, nil and empty strings, lists and maps are false. */
function truthy(value: unknown): boolean {
  if (value === UNSET || value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function defined(value: unknown, what: string): unknown {
  if (value === UNSET) throw new Error(`${what}: value is not set`);
  return value;
}

const indentLines = (spaces: number, text: string) => text.split('\n').map((line) => (line ? ' '.repeat(spaces) + line : line)).join('\n');

/** The words of one command: "strings", (parenthesised pipelines, nested) and bare words. */
function words(command: string): string[] {
  const found: string[] = [];
  let index = 0;
  while (index < command.length) {
    if (/\s/.test(command[index]!)) {
      index++;
      continue;
    }
    const start = index;
    let depth = 0;
    while (index < command.length && (depth > 0 || !/\s/.test(command[index]!))) {
      const char = command[index]!;
      if (char === '"') {
        const string = /^"(?:[^"\\]|\\.)*"/.exec(command.slice(index));
        if (!string) throw new Error(`unclosed string in ${command}`);
        index += string[0].length;
        continue;
      }
      if (char === '(') depth++;
      if (char === ')' && --depth < 0) throw new Error(`unbalanced ) in ${command}`);
      index++;
    }
    if (depth) throw new Error(`unbalanced ( in ${command}`);
    found.push(command.slice(start, index));
  }
  if (!found.length) throw new Error(`empty command in a pipeline`);
  return found;
}

function render(nodes: Node[], dot: unknown, templates: Templates): string {
  const operand = (word: string): unknown => {
    if (word.startsWith('"')) return JSON.parse(word);
    if (word.startsWith('(') && word.endsWith(')')) return evaluate(word.slice(1, -1).trim());
    if (/^-?\d+$/.test(word)) return Number(word);
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === '.') return dot;
    if (/^(\.[A-Za-z_][\w]*)+$/.test(word)) {
      let value: unknown = dot;
      for (const key of word.slice(1).split('.')) {
        if (value === UNSET || value === null || typeof value !== 'object') throw new Error(`${word}: nil pointer evaluating .${key}`);
        value = key in value ? (value as Record<string, unknown>)[key] : UNSET;
      }
      return value;
    }
    throw new Error(`${word}: not a supported operand`);
  };

  const functions: Record<string, (...args: unknown[]) => unknown> = {
    include: (name, context) => {
      const body = templates.get(name as string);
      if (!body) throw new Error(`include: no template named ${String(name)}`);
      return render(body, context, templates);
    },
    toYaml: (value) => stringify(defined(value, 'toYaml'), { sortMapEntries: true }).trimEnd(),
    nindent: (spaces, text) => `\n${indentLines(spaces as number, String(defined(text, 'nindent')))}`,
    indent: (spaces, text) => indentLines(spaces as number, String(defined(text, 'indent'))),
    quote: (value) => JSON.stringify(String(defined(value, 'quote'))),
    default: (fallback, value) => (truthy(value) ? value : fallback),
    trunc: (length, text) => String(defined(text, 'trunc')).slice(0, length as number),
    required: (message, value) => {
      if (!truthy(value)) throw new Error(String(message));
      return value;
    },
    and: (...values) => values.find((value) => !truthy(value)) ?? values.at(-1),
    or: (...values) => values.find((value) => truthy(value)) ?? values.at(-1),
    not: (value) => !truthy(value),
    int: (value) => Math.trunc(Number(defined(value, 'int'))),
    // Go's gt refuses to compare an int with a float (YAML numbers are floats in Helm): `gt (int .Values.n) 1`.
    gt: (a, b) => {
      if (!Number.isInteger(a) || !Number.isInteger(b)) throw new Error('gt: compare whole numbers only (use `int` first, as Helm needs)');
      return (a as number) > (b as number);
    },
    fail: (message) => {
      throw new Error(String(message));
    },
  };

  const evaluate = (pipeline: string): unknown => {
    let piped: unknown = UNSET;
    pipeline.split(/\s*\|\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).forEach((command, position) => {
      const [head, ...rest] = words(command.trim());
      const fn = functions[head!];
      if (!fn) {
        if (position > 0 || rest.length) throw new Error(`${head}: not a supported function`);
        piped = operand(head!);
        return;
      }
      const args = rest.map(operand);
      piped = fn(...(position > 0 ? [...args, piped] : args));
    });
    return piped;
  };

  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'if') return render(truthy(evaluate(node.pipeline)) ? node.then : node.otherwise, dot, templates);
      const value = defined(evaluate(node.pipeline), `{{ ${node.pipeline} }}`);
      if (value !== null && typeof value === 'object') throw new Error(`{{ ${node.pipeline} }} prints a map or list: use toYaml`);
      return String(value);
    })
    .join('');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Helm's merge of --set/-f values over values.yaml: maps merge key by key, anything else replaces. */
export function mergeValues(base: unknown, overrides: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(overrides)) return overrides === undefined ? base : overrides;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) merged[key] = mergeValues(base[key], value);
  return merged;
}

export type RenderedChart = { files: Map<string, string>; objects: Record<string, any>[] };

/** `helm template <release> <chartDir> -f overrides`: every template's output and the objects it holds. */
export function renderChart(options: { chartDir: string; release: string; namespace?: string; values?: Record<string, unknown> }): RenderedChart {
  const chart = parseYaml(readFileSync(join(options.chartDir, 'Chart.yaml'), 'utf8')) as Record<string, string>;
  const values = mergeValues(parseYaml(readFileSync(join(options.chartDir, 'values.yaml'), 'utf8')), options.values ?? {});
  const context = {
    Values: values,
    Release: { Name: options.release, Namespace: options.namespace ?? 'default', Service: 'Helm' },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
  };
  const templatesDir = join(options.chartDir, 'templates');
  const templates: Templates = new Map();
  const parsed = readdirSync(templatesDir)
    .sort()
    .map((file) => [file, parseFile(readFileSync(join(templatesDir, file), 'utf8'), file, templates)] as const);
  const files = new Map<string, string>();
  for (const [file, nodes] of parsed) {
    if (file.startsWith('_') || !file.endsWith('.yaml')) continue;
    try {
      files.set(file, render(nodes, context, templates));
    } catch (error) {
      throw new Error(`templates/${file}: ${(error as Error).message}`);
    }
  }
  const objects = [...files].flatMap(([file, text]) =>
    parseAllDocuments(text).flatMap((document) => {
      if (document.errors.length) throw new Error(`templates/${file}: rendered YAML is invalid: ${document.errors[0]!.message}\n${text}`);
      const object = document.toJS();
      return object ? [object] : [];
    }),
  );
  return { files, objects };
}
