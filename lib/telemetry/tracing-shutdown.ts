// The running tracer's shutdown (flushes the spans still batched), kept on globalThis so the server's stop
// can call it without importing OpenTelemetry: with tracing off, nothing of it is ever loaded.
const TRACING = Symbol.for('vault.tracing');
type Holder = { [TRACING]?: () => Promise<void> };
const holder = globalThis as Holder;

export function setTracingShutdown(shutdown: () => Promise<void>): void {
  holder[TRACING] = shutdown;
}

/** Sends what is batched and stops tracing; nothing when tracing is off. Never throws. */
export async function stopTracing(): Promise<void> {
  await holder[TRACING]?.().catch(() => {});
}
