// A background pass run on a timer (audit sealing, event jobs): never two passes of one job at once, a
// failed pass logged and simply tried again at the next tick, an unref'd timer (it never keeps a process
// alive), and `stop()` that aborts the pass in flight (its signal) and awaits it: a long pass that watches
// its signal (the paced audit watch) ends at its next step instead of holding up a shutdown.
import type { Logger } from '../logger';

export type BackgroundJob = { stop(): Promise<void> };

export function runEvery(
  options: { intervalMs: number; logger: Pick<Logger, 'warn'>; failure: string; fields?: Record<string, unknown> },
  pass: (signal: AbortSignal) => Promise<unknown>,
): BackgroundJob {
  const stopping = new AbortController();
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pass(stopping.signal)
      .catch((error: unknown) => {
        // A pass cut short by stop() did not fail.
        if (!stopping.signal.aborted) options.logger.warn({ err: error, ...options.fields }, options.failure);
      })
      .finally(() => (running = undefined));
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
