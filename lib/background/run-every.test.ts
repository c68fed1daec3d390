// runEvery: one pass at a time, failures logged and retried, stop() aborts the pass in flight and awaits it.
import { describe, expect, it, vi } from 'vitest';
import { runEvery } from './run-every';

describe('runEvery', () => {
  it('stop() aborts the pass in flight through its signal, awaits it, and does not log it as a failure', async () => {
    const warn = vi.fn();
    const signals: AbortSignal[] = [];
    const job = runEvery({ intervalMs: 5, logger: { warn }, failure: 'failed' }, (signal) => {
      signals.push(signal);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    // Ticks while the pass runs start no second one.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(signals).toHaveLength(1);
    await job.stop();
    expect(signals[0]!.aborted).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a failed pass is logged with the job\'s fields and tried again at the next tick', async () => {
    const warn = vi.fn();
    let passes = 0;
    const job = runEvery({ intervalMs: 5, logger: { warn }, failure: 'job failed', fields: { job: 'demo' } }, async () => {
      passes += 1;
      throw new Error('boom');
    });
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(2));
    await job.stop();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'demo', err: expect.objectContaining({ message: 'boom' }) }), 'job failed');
  });
});
