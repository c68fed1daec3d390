// GitHub's anchors for Markdown headings, so a link such as `production.md#behind-pgbouncer` works on the
// repository's pages and in the app's /guides alike: lower case, punctuation other than `-` and `_`
// removed, each space a `-`; a repeated slug gets `-1`, `-2`, … in the order the headings appear.

/** The slug of one heading's text (its rendered text: no backticks, emphasis or link targets). */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Slugs for the headings of one document, duplicates numbered as GitHub numbers them. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = headingSlug(text);
    let slug = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(slug, seen.get(slug) ?? 0);
    return slug;
  };
}

/** A heading's source text as GitHub renders it: inline code, emphasis and links reduced to their text. */
export function headingText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();
}
