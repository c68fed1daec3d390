// Every relative link in README.md and docs/*.md leads somewhere: `[x](path)` names an existing file, and
// `[x](path#anchor)` / `[x](#anchor)` a heading of that file by its GitHub anchor (lib/guides/heading-slug.ts,
// which the app's /guides pages use too). Links inside code (fenced blocks, `inline code`) are not links.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSlugger, headingText } from '../../lib/guides/heading-slug';

const root = fileURLToPath(new URL('../..', import.meta.url));

type Link = { line: number; target: string };

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(text);
    if (opener) {
      if (fence === null) fence = opener[1]![0]!;
      else if (opener[1]![0] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ line: index + 1, text });
  });
  return lines;
}

function markdownLinks(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line, target: match[1]! });
  }
  return links;
}

function headingAnchors(markdown: string): Set<string> {
  const slug = createSlugger();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) anchors.add(slug(headingText(heading[1]!)));
  }
  return anchors;
}

/** The broken relative links of one Markdown file, as `file:line: link (why)`. */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const name = relative(root, file);
  const broken: string[] = [];
  for (const { line, target } of markdownLinks(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:, …
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const destination = path === '' ? file : resolve(dirname(file), path);
    if (!existsSync(destination)) {
      broken.push(`${name}:${line}: ${target} (no file ${relative(root, destination)})`);
      continue;
    }
    if (anchor === null) continue;
    if (statSync(destination).isDirectory() || !destination.endsWith('.md')) {
      broken.push(`${name}:${line}: ${target} (an anchor into a file that is not Markdown)`);
      continue;
    }
    if (!headingAnchors(readFileSync(destination, 'utf8')).has(anchor)) {
      broken.push(`${name}:${line}: ${target} (no heading #${anchor} in ${relative(root, destination)})`);
    }
  }
  return broken;
}

const files = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((entry) => entry.endsWith('.md')).map((entry) => join(root, 'docs', entry))];

describe('relative links in README.md and docs/', () => {
  it('finds the guides and their links', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(markdownLinks(readFileSync(files[0]!, 'utf8')).length).toBeGreaterThan(9);
  });

  it.each(files.map((file) => [relative(root, file), file]))('%s: every relative link names an existing file and heading', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('reads links and anchors as GitHub does', () => {
    const markdown = ['# Guide', '## Same', '## Same', '[a](#same-1) `[not](a-link.md)`', '```', '[not](either.md)', '```', '[b](other.md#x "title")'].join('\n');
    expect(markdownLinks(markdown)).toEqual([
      { line: 4, target: '#same-1' },
      { line: 8, target: 'other.md#x' },
    ]);
    expect([...headingAnchors(markdown)]).toEqual(['guide', 'same', 'same-1']);
  });
});
