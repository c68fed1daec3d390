// The SVG logo sanitizer: a strict XML parse (saxes: well-formedness, namespaces, only the five predefined
// entities) into an allow-list of static SVG elements, written out again by this module, so what is stored
// is exactly what was checked. Two outcomes for what is not plain drawing:
// - removed (the logo is still taken, `removed` says what went): comments, the XML declaration, <metadata>,
//   and the elements and attributes of the drawing editors' own namespaces (Inkscape, Sodipodi, Adobe,
//   Sketch), which browsers ignore anyway;
// - refused (the whole logo, with the reason): a DOCTYPE (entity tricks), processing instructions
//   (xml-stylesheet loads CSS), <script>, <foreignObject>, any element outside the allow-list (<image>,
//   <a>, animations that could rewrite an href, <feImage>, HTML elements), event-handler attributes (on*),
//   href / xlink:href other than a local #fragment, url(…) other than url(#fragment), CSS that could load
//   or escape (@import, @font-face, image-set, escapes, expression, bindings), xml:base, and attributes
//   of unknown namespaces.
import { SaxesParser, type SaxesTagNS } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
/** Editors' private namespaces: their elements and attributes are dropped. */
const EDITOR_NAMESPACES = [
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://ns.adobe.com/',
];
const MAX_ELEMENTS = 10_000;
const MAX_DEPTH = 64;

/** Static drawing only: shapes, text, paint servers, clipping, masking and simple filter primitives. */
const ALLOWED_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feDropShadow', 'feFlood',
  'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
]);
/** Dropped with everything inside them. */
const DROPPED_ELEMENTS = new Set(['metadata']);
const LOCAL_FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
/** CSS that could fetch something or hide a construct behind an escape. */
const FORBIDDEN_CSS = /@import|@font-face|@namespace|image-set\s*\(|image\s*\(|src\s*\(|expression\s*\(|javascript:|-moz-binding|behavior\s*:|\\/i;

export type SanitizedSvg = { ok: true; svg: string; removed: string[] } | { ok: false; reason: string };

type Element = { name: string; attributes: [string, string][]; children: Node[] };
type Node = Element | { text: string };

class Refused extends Error {}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/** Every url(…) in a value points at a fragment of this document. */
function checkUrls(value: string, where: string): void {
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)) {
    if (!LOCAL_FRAGMENT.test(match[2]!.trim())) refuse(`${where}: url() may only point at a #fragment of the logo`);
  }
  // A url( the pattern above could not read (unbalanced quotes, newlines) is refused rather than guessed at.
  const opened = value.match(/url\s*\(/gi)?.length ?? 0;
  const read = [...value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)].length;
  if (opened !== read) refuse(`${where}: url() may only point at a #fragment of the logo`);
}

function checkCss(css: string, where: string): void {
  if (FORBIDDEN_CSS.test(css)) refuse(`${where}: CSS with @import, @font-face, image-set(), escapes or script is not allowed`);
  checkUrls(css, where);
}

const isEditorNamespace = (uri: string) => EDITOR_NAMESPACES.some((ns) => uri.startsWith(ns));

/** The attribute as it will be written (name, value), or null when it is dropped; throws when refused. */
function keepAttribute(element: string, attribute: { local: string; prefix: string; uri: string; name: string; value: string }, removed: Set<string>): [string, string] | null {
  const { local, uri, name, value } = attribute;
  if (uri === XMLNS_NS || name === 'xmlns') return null; // re-declared on output
  if (isEditorNamespace(uri)) {
    removed.add(`attribute ${name}`);
    return null;
  }
  if (/^on/i.test(local)) refuse(`<${element}> ${name}: event-handler attributes are not allowed`);
  let written: string;
  if (uri === '') written = local;
  else if (uri === XLINK_NS && local === 'href') written = 'xlink:href';
  else if (uri === XML_NS && (local === 'space' || local === 'lang')) written = `xml:${local}`;
  else refuse(`<${element}> ${name}: attribute not allowed`);
  if (local === 'href' && !LOCAL_FRAGMENT.test(value.trim())) refuse(`<${element}> ${name}: only a #fragment of the logo may be referenced`);
  if (local === 'style') checkCss(value, `<${element}> style`);
  else checkUrls(value, `<${element}> ${name}`);
  return [written, value];
}

function parseTree(source: string, removed: Set<string>): Element {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: Element[] = [];
  let root: Element | null = null;
  let skipping = 0; // depth inside a dropped element
  let count = 0;
  let failure: string | null = null;
  parser.on('error', (error) => {
    failure ??= error.message;
  });
  parser.on('doctype', () => refuse('a DOCTYPE is not allowed (entities)'));
  parser.on('processinginstruction', (pi) => refuse(`processing instruction <?${pi.target}?> is not allowed`));
  parser.on('xmldecl', () => removed.add('XML declaration'));
  parser.on('comment', () => removed.add('comments'));
  parser.on('opentag', (tag) => {
    const { local, uri, name } = tag as SaxesTagNS;
    if (skipping > 0 || DROPPED_ELEMENTS.has(local) || isEditorNamespace(uri)) {
      if (skipping === 0) removed.add(`<${name}>`);
      skipping++;
      return;
    }
    if (uri !== SVG_NS) refuse(`<${name}> is not an SVG element`);
    if (!root && local !== 'svg') refuse('the root element must be <svg>');
    if (local === 'script') refuse('<script> is not allowed');
    if (local === 'foreignObject') refuse('<foreignObject> is not allowed');
    if (!ALLOWED_ELEMENTS.has(local)) refuse(`<${local}> is not allowed (only static drawing elements are)`);
    if (++count > MAX_ELEMENTS || stack.length >= MAX_DEPTH) refuse('too many or too deeply nested elements');
    const attributes: [string, string][] = [];
    for (const attribute of Object.values((tag as SaxesTagNS).attributes)) {
      const kept = keepAttribute(local, attribute, removed);
      if (kept) attributes.push(kept);
    }
    if (local === 'style' && attributes.some(([key, value]) => key === 'type' && value.trim().toLowerCase() !== 'text/css')) refuse('<style> must be CSS');
    const element: Element = { name: local, attributes, children: [] };
    if (root) stack.at(-1)!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    if (skipping > 0) skipping--;
    else stack.pop();
  });
  const onText = (text: string) => {
    const parent = stack.at(-1);
    if (skipping > 0 || !parent) return;
    if (parent.name === 'style') checkCss(text, '<style>');
    parent.children.push({ text });
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(source).close();
  if (failure) refuse(`not well-formed XML: ${String(failure).split('\n')[0]}`);
  if (!root) refuse('no <svg> element');
  return root;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

function serialize(node: Node, isRoot: boolean): string {
  if ('text' in node) return escapeText(node.text);
  const namespaces = isRoot ? ` xmlns="${SVG_NS}"${usesXlink(node) ? ` xmlns:xlink="${XLINK_NS}"` : ''}` : '';
  const attributes = node.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  const children = node.children.map((child) => serialize(child, false)).join('');
  return children ? `<${node.name}${namespaces}${attributes}>${children}</${node.name}>` : `<${node.name}${namespaces}${attributes}/>`;
}

function usesXlink(node: Node): boolean {
  return !('text' in node) && (node.attributes.some(([name]) => name === 'xlink:href') || node.children.some(usesXlink));
}

/** Sanitizes an SVG's UTF-8 bytes: the cleaned document and what was removed, or why it was refused. */
export function sanitizeSvg(bytes: Uint8Array): SanitizedSvg {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, reason: 'not UTF-8 text' };
  }
  const removed = new Set<string>();
  try {
    const root = parseTree(source, removed);
    return { ok: true, svg: serialize(root, true), removed: [...removed] };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    // saxes throws on some malformed input instead of emitting 'error'.
    return { ok: false, reason: `not well-formed XML: ${String((error as Error).message).split('\n')[0]}` };
  }
}
