// Reads the Prometheus text format into series → value, keyed exactly as written
// (`name{label="value",…}`), so a test can compare a scrape with an earlier one.
export type Scrape = Map<string, number>;

export function parsePrometheusText(text: string): Scrape {
  const series: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** How much each of `keys` moved from `before` to `after` (a series absent before counts from 0). */
export function deltas(before: Scrape, after: Scrape, keys: string[]): Record<string, number> {
  return Object.fromEntries(keys.map((key) => [key, (after.get(key) ?? 0) - (before.get(key) ?? 0)]));
}
