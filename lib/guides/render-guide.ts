// Renders a guide's Markdown (docs/<name>.md, or README.md for the index) to HTML for /guides. markdown-it
// with raw HTML off: every `<` in the source is text, and link targets pass its own check (no javascript:,
// vbscript:, file: or data: URLs). Headings get GitHub's anchors (heading-slug.ts), and links between the
// guides are rewritten to their /guides paths, so `production.md#capacity` works in the app as on GitHub.
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { projectRoot } from '../paths';
import { guidePath, isGuideName, type GuideName } from './guides';
import { createSlugger } from './heading-slug';

export type RenderedGuide = { title: string; html: string };

/** The repository path of a guide's source (`README.md` for the index). */
function sourcePath(name: GuideName | null): string {
  return name === null ? 'README.md' : `docs/${name}.md`;
}

/** A relative link of `from` (a repository path) as a /guides path, or null when it leaves the guides. */
export function guideHref(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return href;
  const hash = href.indexOf('#');
  const path = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? '' : href.slice(hash);
  const target = posix.normalize(posix.join(posix.dirname(from), path));
  if (target === 'README.md') return guidePath(null) + fragment;
  const guide = /^docs\/([a-z-]+)\.md$/.exec(target)?.[1];
  return guide && isGuideName(guide) ? guidePath(guide) + fragment : null;
}

function inlineText(token: Token): string {
  return (token.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Tables and code blocks scroll inside their own box, so a wide one never widens the page on a phone; a box
// that scrolls takes the keyboard focus (tabindex), so it can be scrolled without a mouse.
markdown.renderer.rules.table_open = () => '<div class="guide-table" tabindex="0"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';
for (const rule of ['fence', 'code_block'] as const) {
  const render = markdown.renderer.rules[rule]!;
  markdown.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">');
}

export function renderMarkdown(source: string, from: string): RenderedGuide {
  const tokens = markdown.parse(source, {});
  const slug = createSlugger();
  let title = '';
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const text = inlineText(tokens[index + 1]!);
      token.attrSet('id', slug(text));
      if (token.tag === 'h1' && !title) title = text;
    }
    for (const child of token.children ?? []) {
      if (child.type !== 'link_open') continue;
      const href = String(child.attrGet('href') ?? '');
      const rewritten = guideHref(from, href);
      if (rewritten === null) child.attrs = (child.attrs ?? []).filter(([name]) => name !== 'href');
      else child.attrSet('href', rewritten);
      if (/^https?:/i.test(href)) child.attrSet('rel', 'noreferrer');
    }
  });
  return { title, html: markdown.renderer.render(tokens, markdown.options, {}) };
}

/** The guide rendered from its Markdown in the project folder (docs/ and README.md ship with the server). */
export async function renderGuide(name: GuideName | null): Promise<RenderedGuide> {
  const from = sourcePath(name);
  return renderMarkdown(await readFile(join(projectRoot, from), 'utf8'), from);
}
