// Dates as the dashboard shows them: UTC, the same on the server render and in the browser.
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? `${dateTime.format(new Date(value))} UTC` : '—';
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? date.format(new Date(value)) : '—';
}
