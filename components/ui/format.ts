// Dates as the dashboard shows them: UTC, the same on the server render and in the browser.
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? `${dateTime.format(new Date(value))} UTC` : '—';
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? date.format(new Date(value)) : '—';
}

/** A share from 0 to 1 as a percentage with at most one decimal ("66.7%", "100%"); "—" for none. */
export function formatPercent(share: number | null | undefined): string {
  return typeof share === 'number' ? `${Math.round(share * 1000) / 10}%` : '—';
}
