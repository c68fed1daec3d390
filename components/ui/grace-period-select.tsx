// How long a rotated key keeps working (applications' API keys, merchants' service keys): the choices the
// dashboard offers, as `grace_period_seconds` for the rotate-key routes (0 to one week).
import { inputClass } from './form-field';

export const GRACE_PERIODS = [
  { seconds: 0, label: 'End now: the old key stops at once' },
  { seconds: 3_600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 604_800, label: '7 days' },
] as const;

export function GracePeriodSelect({ id, value, onChange }: { id: string; value: number; onChange: (seconds: number) => void }) {
  return (
    <select id={id} className={inputClass} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {GRACE_PERIODS.map((choice) => (
        <option key={choice.seconds} value={choice.seconds}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
