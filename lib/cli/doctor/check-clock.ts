// This node's clock against the database's: audit rows and session activity take the database's time,
// lockouts, session expiry and TOTP codes this node's. Apart by seconds, NTP is off on one of them (PCI DSS
// 10.6 asks for synchronised clocks) and TOTP codes (±30 s) start failing for users near the edge.
import type { Database } from '../../db/connect';
import { fail, ok, warn, type CheckResult } from './check-result';

const NAME = 'clock';
export const CLOCK_WARN_MS = 1_000;
export const CLOCK_FAIL_MS = 5_000;
const FIX = 'synchronise both clocks with NTP (chrony or systemd-timesyncd; `timedatectl status` shows it)';

/** `skewMs`: database time minus this node's time; `uncertaintyMs`: half the query's round trip. */
export function classifySkew(skewMs: number, uncertaintyMs: number): CheckResult {
  const apart = Math.abs(skewMs);
  const text = `this node's clock is ${(apart / 1000).toFixed(3)} s ${skewMs >= 0 ? 'behind' : 'ahead of'} the database's (± ${uncertaintyMs.toFixed(0)} ms)`;
  if (apart - uncertaintyMs > CLOCK_FAIL_MS) return fail(NAME, `${text}: audit times, session expiry and TOTP checks disagree`, FIX);
  if (apart - uncertaintyMs > CLOCK_WARN_MS) return warn(NAME, text, FIX);
  return ok(NAME, text);
}

export async function checkClock(db: Database): Promise<CheckResult> {
  if (db.kind === 'pglite') return ok(NAME, 'embedded database: one clock, this machine\'s');
  const sent = Date.now();
  const [row] = await db.sql.query<{ now: Date }>('SELECT clock_timestamp() AS now');
  const received = Date.now();
  return classifySkew(row!.now.getTime() - (sent + received) / 2, (received - sent) / 2);
}
