// A tiny inline trend line (e.g. an application's calls per day): plain SVG, no chart library. The
// accessible label carries the number the line stands for, so it never depends on seeing the shape.
import { cn } from './cn';

export function Sparkline({ values, label, width = 96, height = 24, className }: { values: number[]; label: string; width?: number; height?: number; className?: string }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  // Inset by the stroke so the peak and the baseline are not clipped.
  const y = (value: number) => (height - 2 - (value / max) * (height - 4)).toFixed(1);
  const points = values.map((value, index) => `${(index * step).toFixed(1)},${y(value)}`).join(' ');
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className={cn('overflow-visible text-accent', className)}>
      <title>{label}</title>
      <line x1="0" x2={width} y1={height - 1} y2={height - 1} className="stroke-line" strokeWidth="1" />
      {values.length > 1 && <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />}
    </svg>
  );
}
