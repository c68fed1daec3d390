'use client';
// "Replay failed…": re-sends every delivery of this endpoint that ended exhausted or cancelled, created in a
// range (the last hour, 24 hours, 7 days, or custom UTC times), through POST
// /api/webhook-endpoints/{id}/replay; the toast says how many were queued.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormField, inputClass } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { ENABLE_FIRST } from './endpoint-view';

const RANGES = [
  { id: 'hour', label: 'Last hour', ms: 60 * 60 * 1000 },
  { id: 'day', label: 'Last 24 hours', ms: 24 * 60 * 60 * 1000 },
  { id: 'week', label: 'Last 7 days', ms: 7 * 24 * 60 * 60 * 1000 },
  { id: 'custom', label: 'Custom range (UTC)', ms: 0 },
] as const;

type RangeId = (typeof RANGES)[number]['id'];

/** A datetime-local value read as UTC (the dashboard shows every time in UTC). */
const utc = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}Z` : '');

export function ReplayDialog({ endpoint }: { endpoint: { id: string; url: string; enabled: boolean } }) {
  const router = useRouter();
  const [range, setRange] = useState<RangeId>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  async function replay(): Promise<string | void> {
    const chosen = RANGES.find((choice) => choice.id === range)!;
    const body = chosen.id === 'custom' ? { from: utc(from), ...(to ? { to: utc(to) } : {}) } : { from: new Date(Date.now() - chosen.ms).toISOString() };
    const result = await api.call('replayWebhookDeliveries', { params: { id: endpoint.id }, body });
    const field = (name: string) => (result.ok ? undefined : result.fields.find((item) => item.path === name)?.message);
    setErrors({ from: field('from'), to: field('to') });
    if (!result.ok) {
      toast.error(result.message);
      return field('from') || field('to') ? 'Check the range.' : result.message;
    }
    const { queued } = result.data.data;
    toast.success(queued === 0 ? 'No failed deliveries in that range' : `${queued} failed ${queued === 1 ? 'delivery' : 'deliveries'} queued again`);
    router.refresh();
  }

  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" disabled={!endpoint.enabled} title={endpoint.enabled ? undefined : ENABLE_FIRST}>
          Replay failed…
        </Button>
      }
      title="Replay failed deliveries"
      description="Every delivery created in the range that ended exhausted or cancelled is sent again with a fresh retry schedule. Events delivered or re-sent since are skipped."
      confirmLabel="Replay failed deliveries"
      variant="primary"
      onConfirm={replay}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-strong">Created in</legend>
        {RANGES.map((choice) => (
          <label key={choice.id} className="flex items-center gap-2 text-sm text-strong">
            <input type="radio" name={`replay-range-${endpoint.id}`} checked={range === choice.id} onChange={() => setRange(choice.id)} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {range === 'custom' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="replay-from" label="From (UTC)" error={errors.from}>
            <input type="datetime-local" className={inputClass} value={from} onChange={(event) => setFrom(event.target.value)} />
          </FormField>
          <FormField id="replay-to" label="To (UTC)" hint="Empty: now." error={errors.to}>
            <input type="datetime-local" className={inputClass} value={to} onChange={(event) => setTo(event.target.value)} />
          </FormField>
        </div>
      )}
    </ConfirmDialog>
  );
}
