// How long a rotated key keeps working (applications' API keys, merchants' service keys, webhook signing
// secrets' overlap): the choices the dashboard offers, as seconds for the rotate routes (0 to one week), as
// a radio group. `legend` and `hints` reword it for what is rotated (the defaults speak of keys).
export const GRACE_PERIODS = [
  { seconds: 0, label: 'Now', hint: 'The old key stops working at once.' },
  { seconds: 3_600, label: '1 hour', hint: 'Both keys work for an hour.' },
  { seconds: 86_400, label: '24 hours', hint: 'Both keys work for a day.' },
  { seconds: 604_800, label: '7 days', hint: 'Both keys work for a week, the longest grace.' },
] as const;

export type GraceSeconds = (typeof GRACE_PERIODS)[number]['seconds'];

type Props = { name: string; value: number; onChange: (seconds: number) => void; legend?: string; hints?: Record<GraceSeconds, string> };

export function GracePeriodSelect({ name, value, onChange, legend = 'The old key stops working', hints }: Props) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-strong">{legend}</legend>
      {GRACE_PERIODS.map((choice) => (
        <label key={choice.seconds} className="flex items-start gap-2 text-sm">
          <input type="radio" name={name} className="mt-1" checked={value === choice.seconds} onChange={() => onChange(choice.seconds)} />
          <span>
            <span className="text-strong">{choice.label}</span>
            <span className="block text-xs text-muted">{hints?.[choice.seconds] ?? choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
