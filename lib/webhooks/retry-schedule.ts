// When a failed delivery is tried again: the configured schedule (default immediately, 5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h, 10 h; Svix's), each delay ±20 % so a receiver recovering from an outage is not hit by
// every retry at once, or the receiver's Retry-After when that is longer (at most a day).
const JITTER = 0.2;
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Milliseconds from now until the next attempt after `attemptsMade` attempts (the last one failed), or null
 * when the schedule is used up. `schedule[0]` is the first attempt's delay; `schedule[n]` follows attempt n.
 */
export function nextRetryDelayMs(schedule: readonly number[], attemptsMade: number, retryAfterMs: number | null, random: () => number = Math.random): number | null {
  const seconds = schedule[attemptsMade];
  if (seconds === undefined) return null;
  const jittered = seconds * 1000 * (1 - JITTER + 2 * JITTER * random());
  return retryAfterMs !== null && retryAfterMs > jittered ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) : Math.round(jittered);
}

/** Retry-After as delay-seconds or an HTTP-date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  // An HTTP-date names its weekday and month; Date.parse alone would also read `-5` as a year.
  const at = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
