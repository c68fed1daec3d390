// An import's progress as the CLI shows it (issue 26): a bar redrawn in place on a terminal (rows, rows/s,
// ETA), plain lines otherwise (at most one every few seconds, plus each phase change). Rows/s is measured
// over the current run's rows (a resumed import's earlier rows are not counted as this run's speed).
import type { ImportProgress } from './run-import';

export type ProgressSink = { isTTY?: boolean; write(text: string): unknown };

const PLAIN_EVERY_MS = 2_000;
const BAR_WIDTH = 30;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

export function importProgressView(sink: ProgressSink, now: () => number = Date.now) {
  let phase: ImportProgress['phase'] | null = null;
  let phaseStart = now();
  let phaseFirstRow = 0;
  let lastPlain = 0;
  let drawn = false;
  const line = (p: ImportProgress) => {
    const elapsed = Math.max((now() - phaseStart) / 1000, 0.001);
    const rate = (p.rowsDone - phaseFirstRow) / elapsed;
    const total = p.rowsTotal;
    const eta = total !== null && rate > 0 ? (total - p.rowsDone) / rate : NaN;
    const label = p.phase === 'verify' ? 'verifying' : 'importing';
    const counts = p.phase === 'import' ? `, imported ${p.imported}, skipped ${p.skipped}, failed ${p.failed}` : '';
    const of = total === null ? `${p.rowsDone} rows` : `${p.rowsDone}/${total} rows`;
    return { label, text: `${of}, ${Math.round(rate)} rows/s, ETA ${duration(eta)}${counts}`, fraction: total ? p.rowsDone / total : 0 };
  };
  return {
    update(p: ImportProgress) {
      const changed = p.phase !== phase;
      if (changed) {
        if (drawn && sink.isTTY) sink.write('\n');
        drawn = false;
        phase = p.phase;
        phaseStart = now();
        phaseFirstRow = p.rowsDone;
      }
      const view = line(p);
      if (sink.isTTY) {
        const filled = Math.round(Math.min(1, view.fraction) * BAR_WIDTH);
        sink.write(`\r\u001b[2K${view.label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${view.text}`);
        drawn = true;
      } else if (changed || now() - lastPlain >= PLAIN_EVERY_MS || (p.rowsTotal !== null && p.rowsDone === p.rowsTotal)) {
        lastPlain = now();
        sink.write(`${view.label}: ${view.text}\n`);
      }
    },
    end() {
      if (drawn && sink.isTTY) sink.write('\n');
      drawn = false;
    },
  };
}
