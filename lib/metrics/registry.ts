// The one Prometheus registry of the process, and the metrics registered in it. Kept on globalThis (like
// lib/runtime.ts) because the custom server and Next's compiled route bundles load separate copies of lib/:
// a metric created by one copy is found, not created again, by the other, so both count into one registry.
import { collectDefaultMetrics, Registry } from 'prom-client';

const METRICS = Symbol.for('vault.metrics');
type Holder = { [METRICS]?: { registry: Registry; metrics: Map<string, unknown>; processMetrics: boolean } };
const holder = globalThis as Holder;

function shared() {
  if (!holder[METRICS]) {
    holder[METRICS] = { registry: new Registry(), metrics: new Map(), processMetrics: false };
  }
  return holder[METRICS];
}

export function metricsRegistry(): Registry {
  return shared().registry;
}

/**
 * process_* and nodejs_* (CPU, memory, event loop lag, GC, handles), started by the first scrape rather
 * than at start: their GC observer runs on every collection, which a node nobody scrapes should not pay
 * (bench, proxy p50 added at 4 connections: 1.57-1.60 ms with them from the start, 1.52-1.55 ms without;
 * 1.47-1.60 ms before metrics existed). GC figures count from the first scrape.
 */
export function startProcessMetrics(): void {
  const state = shared();
  if (state.processMetrics) return;
  state.processMetrics = true;
  collectDefaultMetrics({ register: state.registry });
}

/** The metric named `name`, created (and registered) by the first copy of lib/ that asks for it. */
export function processWide<T>(name: string, create: (registry: Registry) => T): T {
  const { registry, metrics } = shared();
  if (!metrics.has(name)) metrics.set(name, create(registry));
  return metrics.get(name) as T;
}
