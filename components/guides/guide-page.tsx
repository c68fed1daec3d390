// A guide's page: header (home, API reference, theme), the list of guides, and the guide's HTML, which
// lib/guides/render-guide.ts made from our own Markdown with raw HTML off.
import { GUIDES, guidePath, type GuideName } from '../../lib/guides/guides';
import type { RenderedGuide } from '../../lib/guides/render-guide';
import { ThemeToggle } from '../dashboard/theme-toggle';
import { Logo } from '../logo';

const SITE_LINKS = [
  ['/guides', 'Guides'],
  ['/docs', 'API reference'],
] as const;

export function GuidePage({ current, guide }: { current: GuideName | null; guide: RenderedGuide }) {
  const entries = [{ name: null, title: 'Overview (README)' }, ...GUIDES];
  return (
    <div className="min-h-dvh bg-bg">
      <a href="#guide" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2">
        Skip to the guide
      </a>
      <header className="border-b border-line">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <a href="/">
            <Logo />
            <span className="sr-only"> home</span>
          </a>
          <nav aria-label="Site" className="flex items-center gap-1 text-sm whitespace-nowrap">
            {SITE_LINKS.map(([href, label]) => (
              <a key={href} href={href} className="rounded-md px-2.5 py-1.5 text-muted hover:text-strong">
                {label}
              </a>
            ))}
            <ThemeToggle />
          </nav>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Guides" className="lg:sticky lg:top-6 lg:self-start">
          <ul className="flex flex-wrap gap-1.5 text-sm lg:flex-col lg:gap-0.5">
            {entries.map((entry) => {
              const active = entry.name === current;
              return (
                <li key={entry.title}>
                  <a
                    href={guidePath(entry.name)}
                    aria-current={active ? 'page' : undefined}
                    className={
                      active
                        ? 'block rounded-md bg-raised px-2.5 py-1.5 font-medium text-strong'
                        : 'block rounded-md border border-line px-2.5 py-1.5 text-muted hover:bg-raised hover:text-strong lg:border-transparent'
                    }
                  >
                    {entry.title}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="guide" className="min-w-0">
          <article className="guide-prose" dangerouslySetInnerHTML={{ __html: guide.html }} />
        </main>
      </div>
    </div>
  );
}
