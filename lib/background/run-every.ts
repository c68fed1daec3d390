// A background pass run on a timer (audit sealing, event jobs): never two passes of one job at once, a
// failed pass logged and simply tried again at the next tick, an unref'd timer (it never keeps a process
// alive), and `stop()` that awaits the pass in flight.
import type { Logger } from '../logger';

export type BackgroundJob = { stop(): Promise<void> };

export function runEvery(options: { intervalMs: number; logger: Pick<Logger, 'warn'>; failure: string; fields?: Record<string, unknown> }, pass: () => Promise<unknown>): BackgroundJob {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => options.logger.warn({ err: error, ...options.fields }, options.failure))
      .finally(() => (running = undefined));
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
