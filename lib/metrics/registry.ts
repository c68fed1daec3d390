// The one Prometheus registry of the process, and the metrics registered in it. Kept on globalThis (like
// lib/runtime/shared.ts) because the custom server and Next's compiled route bundles load separate copies of lib/:
// a metric created by one copy is found, not created again, by the other, so both count into one registry.
import { collectDefaultMetrics, Registry } from 'prom-client';

const METRICS = Symbol.for('vault.metrics');
type Holder = { [METRICS]?: { registry: Registry; metrics: Map<string, unknown> } };
const holder = globalThis as Holder;

function shared() {
  if (!holder[METRICS]) {
    const registry = new Registry();
    // process_* and nodejs_* (CPU, memory, event loop lag, GC, handles), read at scrape time.
    collectDefaultMetrics({ register: registry });
    holder[METRICS] = { registry, metrics: new Map() };
  }
  return holder[METRICS];
}

export function metricsRegistry(): Registry {
  return shared().registry;
}

/** The metric named `name`, created (and registered) by the first copy of lib/ that asks for it. */
export function processWide<T>(name: string, create: (registry: Registry) => T): T {
  const { registry, metrics } = shared();
  if (!metrics.has(name)) metrics.set(name, create(registry));
  return metrics.get(name) as T;
}
