// A counter whose one label takes values from a closed set: every value is listed (at 0) from the first
// scrape, and each label child is resolved once, so counting is a map lookup and an increment.
import { Counter } from 'prom-client';
import { processWide } from './registry';

export function labelledCounter<Value extends string>(options: { id: string; name: string; help: string; label: string; values: readonly Value[] }): (value: Value) => void {
  const children = processWide(options.id, (registry) => {
    const counter = new Counter({ name: options.name, help: options.help, labelNames: [options.label], registers: [registry] });
    return new Map(options.values.map((value) => [value, counter.labels(value)]));
  });
  return (value) => children.get(value)!.inc();
}
