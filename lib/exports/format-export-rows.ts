// The file inside the OpenPGP message: CSV (a header, then one line per card; `metadata.<key>` columns known
// beforehand from a first pass) or JSON Lines (`metadata` as an object). Never a CVC: none is stored.
import type { ExportCard } from './export-card-rows';
import type { ExportFormat } from './schemas';

export const EXPORT_BASE_COLUMNS = ['token', 'card_number', 'exp_month', 'exp_year', 'cardholder_name', 'external_id'] as const;

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV header line (CRLF, as RFC 4180 writes it). */
export function csvHeader(metadataKeys: string[]): string {
  return `${[...EXPORT_BASE_COLUMNS, ...metadataKeys.map((key) => `metadata.${key}`), 'fingerprint'].map(csvField).join(',')}\r\n`;
}

/** A metadata key the header does not name (set between the two passes): the file would drop it, so the export stops instead. */
export class MetadataColumnMissing extends Error {}

function csvLine(card: ExportCard, metadataKeys: string[], known: Set<string>): string {
  for (const key of Object.keys(card.metadata)) {
    if (!known.has(key)) throw new MetadataColumnMissing('a card gained a metadata key while the export was running: download again');
  }
  const fields = [card.token, card.card_number, card.exp_month, card.exp_year, card.cardholder_name, card.external_id];
  for (const key of metadataKeys) fields.push(card.metadata[key] ?? null);
  fields.push(card.fingerprint);
  return `${fields.map(csvField).join(',')}\r\n`;
}

const jsonLine = (card: ExportCard): string =>
  `${JSON.stringify({
    token: card.token,
    card_number: card.card_number,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    cardholder_name: card.cardholder_name,
    external_id: card.external_id,
    metadata: card.metadata,
    fingerprint: card.fingerprint,
  })}\n`;

/** Formats pages of cards: `header()` once (CSV only), then `page(cards)` for each page. */
export function exportFormatter(format: ExportFormat, metadataKeys: string[]) {
  const known = new Set(metadataKeys);
  return {
    header: (): string => (format === 'csv' ? csvHeader(metadataKeys) : ''),
    page: (cards: ExportCard[]): string => {
      let text = '';
      for (const card of cards) text += format === 'csv' ? csvLine(card, metadataKeys, known) : jsonLine(card);
      return text;
    },
  };
}
