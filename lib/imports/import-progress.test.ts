import { describe, expect, it } from 'vitest';
import { importProgressView } from './import-progress';

const sink = (isTTY: boolean) => {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
};

describe('importProgressView', () => {
  it('draws a bar in place on a terminal: rows, rows/s, ETA, then a newline at the end', () => {
    let now = 0;
    const out = sink(true);
    const view = importProgressView(out, () => now);
    view.update({ phase: 'import', rowsDone: 0, rowsTotal: 10_000, imported: 0, skipped: 0, failed: 0 });
    now = 2_000;
    view.update({ phase: 'import', rowsDone: 5_000, rowsTotal: 10_000, imported: 4_990, skipped: 5, failed: 5 });
    view.end();
    expect(out.writes[1]).toBe(`\r\u001b[2Kimporting [${'#'.repeat(15)}${'-'.repeat(15)}] 5000/10000 rows, 2500 rows/s, ETA 00:02, imported 4990, skipped 5, failed 5`);
    expect(out.writes.at(-1)).toBe('\n');
  });

  it('writes plain lines off a terminal: each phase change, then at most one every 2 s, and the last row', () => {
    let now = 0;
    const out = sink(false);
    const view = importProgressView(out, () => now);
    view.update({ phase: 'verify', rowsDone: 0, rowsTotal: null, imported: 0, skipped: 0, failed: 0 });
    now = 500;
    view.update({ phase: 'verify', rowsDone: 10_000, rowsTotal: null, imported: 0, skipped: 0, failed: 0 });
    view.update({ phase: 'verify', rowsDone: 20_000, rowsTotal: null, imported: 0, skipped: 0, failed: 0 });
    now = 1_500;
    view.update({ phase: 'verify', rowsDone: 30_000, rowsTotal: 30_000, imported: 0, skipped: 0, failed: 0 });
    view.update({ phase: 'import', rowsDone: 0, rowsTotal: 30_000, imported: 0, skipped: 0, failed: 0 });
    view.end();
    expect(out.writes).toEqual([
      'verifying: 0 rows, 0 rows/s, ETA --:--\n',
      'verifying: 30000/30000 rows, 20000 rows/s, ETA 00:00\n',
      'importing: 0/30000 rows, 0 rows/s, ETA --:--, imported 0, skipped 0, failed 0\n',
    ]);
    expect(out.writes.join('')).not.toContain('\r');
  });
});
