'use client';
// Calls per day as stacked bars (success below, failure on top) with a legend; recharts, client-only. The
// figure's caption carries the totals and the page beside it offers the same numbers as a table, so
// nothing depends on seeing the bars. Colours are `currentColor` under the theme's text classes: SVG
// presentation attributes do not resolve CSS variables, and classes follow the theme switch.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartDay = { date: string; success: number; failure: number };

const shortDate = (date: string) => `${Number(date.slice(8, 10))} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(date.slice(5, 7)) - 1]}`;

export function CallsChart({ days }: { days: ChartDay[] }) {
  // Hidden from assistive technology (and out of the tab order: no accessibilityLayer): the figure's
  // caption and table say the same.
  return (
    <div className="space-y-2" aria-hidden="true" data-testid="calls-chart">
      <div className="h-64 w-full text-muted">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fill: 'currentColor', fontSize: 11 }} tickLine={false} axisLine={{ stroke: 'currentColor', strokeOpacity: 0.3 }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 11 }} tickLine={false} axisLine={false} width={48} />
            <Tooltip
              cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
              labelFormatter={(label) => shortDate(String(label))}
              contentStyle={{ background: 'var(--vault-surface)', border: '1px solid var(--vault-line)', borderRadius: 8, color: 'var(--vault-strong)', fontSize: 12 }}
              itemStyle={{ color: 'var(--vault-strong)' }}
            />
            <Bar dataKey="success" name="Succeeded" stackId="calls" className="text-accent" fill="currentColor" isAnimationActive={false} />
            <Bar dataKey="failure" name="Failed" stackId="calls" className="text-danger" fill="currentColor" radius={[2, 2, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex justify-center gap-4 text-xs text-fg">
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-accent" /> Succeeded
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-danger" /> Failed
        </li>
      </ul>
    </div>
  );
}
