// The calls chart as a figure: the caption states the totals, the bars (client, recharts) show the days,
// and a disclosure below holds the same numbers as a table for anyone who cannot or would rather not read
// a chart.
import { formatDate } from '../../ui/format';
import { CallsChart, type ChartDay } from './calls-chart';

export function CallsFigure({ days, what, from, to }: { days: ChartDay[]; what: string; from: string; to: string }) {
  const success = days.reduce((sum, day) => sum + day.success, 0);
  const failure = days.reduce((sum, day) => sum + day.failure, 0);
  return (
    <figure className="space-y-3 px-5 py-4">
      <figcaption className="text-sm text-fg" data-testid="calls-summary">
        {what} from {formatDate(from)} to {formatDate(to)} (UTC): <strong className="text-strong">{(success + failure).toLocaleString('en')}</strong>, of which{' '}
        <strong className="text-strong">{success.toLocaleString('en')}</strong> succeeded and <strong className="text-strong">{failure.toLocaleString('en')}</strong> failed.
      </figcaption>
      <CallsChart days={days} />
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-strong">Show the numbers as a table</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm" aria-label={`${what} per day`}>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">Day (UTC)</th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">Succeeded</th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">Failed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line tabular-nums">
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="px-2 py-1 font-normal text-fg">{formatDate(day.date)}</th>
                  <td className="px-2 py-1 text-right text-strong">{day.success}</td>
                  <td className="px-2 py-1 text-right text-strong">{day.failure}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
