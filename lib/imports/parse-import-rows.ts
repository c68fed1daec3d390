// The data rows of a decrypted import file (issue 26), streamed: a CSV with a header line (csv-parse, so
// quoted fields may hold commas and newlines: rows are counted by the parser, never by lines) or JSON Lines
// (one object per non-blank line). Each row is numbered from 1 (the first row after a CSV header) and
// comes out as a record of the file's column names; a row that cannot be read as one is a `problem` row
// (reported, never stopping the import). A CSV whose quoting is broken cannot be read past that point: the
// file fails as a whole (code `invalid_csv`), and since pass 1 reads it all first, nothing is imported.
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { ImportFailure } from './import-failure';

export type ParsedRow = { row: number; record: Record<string, unknown> } | { row: number; record: null; code: string; field: string | null };

export async function* parseCsvRows(plaintext: Readable): AsyncGenerator<ParsedRow> {
  const parser = plaintext.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1 << 20 }));
  plaintext.on('error', (error) => parser.destroy(error));
  let header: string[] | null = null;
  let row = 0;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = fields.map((name) => name.trim());
        continue;
      }
      row += 1;
      if (fields.length !== header.length) {
        yield { row, record: null, code: 'invalid_row', field: null };
        continue;
      }
      const record: Record<string, unknown> = {};
      for (let index = 0; index < header.length; index++) record[header[index]!] = fields[index];
      yield { row, record };
    }
  } catch (error) {
    // csv-parse's messages quote the offending text: only its code and where are kept.
    if (error instanceof ImportFailure) throw error;
    const code = (error as { code?: string }).code;
    if (code && /^CSV_/.test(code)) throw new ImportFailure('invalid_csv', `The CSV cannot be read after data row ${row} (${code})`);
    throw error;
  }
  if (!header) throw new ImportFailure('empty_csv', 'The CSV has no header line');
}

export async function* parseJsonLines(plaintext: Readable): AsyncGenerator<ParsedRow> {
  let rest = '';
  let row = 0;
  const decoder = new TextDecoder('utf-8');
  function* lines(text: string): Generator<ParsedRow> {
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      row += 1;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        yield { row, record: null, code: 'invalid_json', field: null };
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) yield { row, record: null, code: 'invalid_json', field: null };
      else yield { row, record: value as Record<string, unknown> };
    }
  }
  for await (const chunk of plaintext as AsyncIterable<Buffer>) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      rest = text;
      if (rest.length > 1 << 20) throw new ImportFailure('invalid_jsonl', `A JSON line after data row ${row} is longer than 1 MiB`);
      continue;
    }
    rest = text.slice(cut + 1);
    yield* lines(text.slice(0, cut));
  }
  yield* lines(rest + decoder.decode());
}

export function parseImportRows(plaintext: Readable, format: 'csv' | 'jsonl'): AsyncGenerator<ParsedRow> {
  return format === 'jsonl' ? parseJsonLines(plaintext) : parseCsvRows(plaintext);
}
