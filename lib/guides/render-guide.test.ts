import { describe, expect, it } from 'vitest';
import { GUIDES } from './guides';
import { guideHref, renderGuide, renderMarkdown } from './render-guide';

describe('renderMarkdown', () => {
  it('keeps raw HTML and script URLs out', () => {
    const { html } = renderMarkdown('# T\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))', 'docs/api.md');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it('gives headings their GitHub anchors and takes the first as the title', () => {
    const { title, html } = renderMarkdown('# The `vault` guide\n\n## Deploying: Docker, Helm\n\n## Deploying: Docker, Helm', 'docs/x.md');
    expect(title).toBe('The vault guide');
    expect(html).toContain('<h1 id="the-vault-guide">');
    expect(html).toContain('<h2 id="deploying-docker-helm">');
    expect(html).toContain('<h2 id="deploying-docker-helm-1">');
  });

  it('points links between the guides at /guides, and wraps tables', () => {
    const { html } = renderMarkdown('[a](production.md#capacity) [b](../README.md) [c](#here) [d](https://example.com)\n\n| x |\n|---|\n| 1 |', 'docs/api.md');
    expect(html).toContain('<a href="/guides/production#capacity">a</a>');
    expect(html).toContain('<a href="/guides">b</a>');
    expect(html).toContain('<a href="#here">c</a>');
    expect(html).toContain('<a href="https://example.com" rel="noreferrer">d</a>');
    expect(html).toContain('<div class="guide-table" tabindex="0"><table>');
    expect(renderMarkdown('```sh\nnpm start\n```', 'README.md').html).toBe('<pre tabindex="0"><code class="language-sh">npm start\n</code></pre>\n');
  });
});

describe('guideHref', () => {
  it('maps README and docs paths, and refuses paths outside the guides', () => {
    expect(guideHref('README.md', 'docs/checkout.md')).toBe('/guides/checkout');
    expect(guideHref('docs/security.md', 'operations.md#keys-and-rotation')).toBe('/guides/operations#keys-and-rotation');
    expect(guideHref('docs/api.md', '../lib/config.ts')).toBeNull();
    expect(guideHref('docs/api.md', 'unknown.md')).toBeNull();
  });
});

describe('renderGuide', () => {
  it('renders every guide and the README from the project folder', async () => {
    for (const guide of GUIDES) expect((await renderGuide(guide.name)).title, guide.name).toBe(guide.title);
    expect((await renderGuide(null)).title).toBe('Vault');
  });
});
