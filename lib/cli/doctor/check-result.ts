// One line of `vault doctor`: a status, what was found, and (when something is wrong) the fix.

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export type CheckResult = { name: string; status: CheckStatus; detail: string; fix?: string };

export const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });
/** A check that could not run because an earlier one failed (the database is needed to read migrations…). */
export const skip = (name: string, detail: string): CheckResult => ({ name, status: 'skip', detail });

const LABELS: Record<CheckStatus, string> = { ok: 'ok', warn: 'warn', fail: 'FAIL', skip: 'skip' };
const NAME_WIDTH = 16;

/** `FAIL  database        …` and, below it, `      fix: …`. */
export function formatCheck(result: CheckResult): string {
  const line = `${LABELS[result.status].padEnd(6)}${result.name.padEnd(NAME_WIDTH)}${result.detail}`;
  return result.fix ? `${line}\n${' '.repeat(6)}fix: ${result.fix}` : line;
}

export function summarise(results: CheckResult[]): string {
  const count = (status: CheckStatus) => results.filter((result) => result.status === status).length;
  const failed = count('fail');
  const warned = count('warn');
  if (!failed && !warned) return `All ${results.length} checks passed.`;
  return `${failed} FAIL, ${warned} warn${count('skip') ? `, ${count('skip')} skipped` : ''}: see the fixes above.`;
}
