// The export file as a stream: cards read in keyset pages, decrypted, formatted, and piped into OpenPGP.js's
// streaming encryption to the recipient's key only (no passphrase, no other key: the vault cannot read the
// file back). Nothing is written to disk and the file is never whole in memory: a page of cards is read when
// the encryption asks for more, which happens when the consumer (the HTTP response, the CLI's file) reads.
import * as openpgp from 'openpgp';
import type { Runtime } from '../runtime/types';
import { exportCardPages, exportMetadataKeys, type ExportSelection } from './export-card-rows';
import { exportFormatter } from './format-export-rows';
import type { ExportFormat } from './schemas';

export type ExportStreamOptions = {
  selection: ExportSelection;
  format: ExportFormat;
  recipientKey: openpgp.PublicKey;
  now: Date;
  /** Called once the last byte was handed over (the rows written), before the stream ends. */
  onComplete: (rows: number) => Promise<void>;
  /** Called when the stream fails or its reader gives up before the end. */
  onAbort: (error: unknown) => Promise<void>;
  pageSize?: number;
};

const encoder = new TextEncoder();

/** The clear rows, as a Web stream of UTF-8 chunks (one page each), counted into `count.rows`. */
async function clearRows(runtime: Pick<Runtime, 'db' | 'keyring'>, options: ExportStreamOptions, count: { rows: number }): Promise<ReadableStream<Uint8Array>> {
  const metadataKeys = options.format === 'csv' ? await exportMetadataKeys(runtime, options.selection, options.now, options.pageSize) : [];
  const formatter = exportFormatter(options.format, metadataKeys);
  const pages = exportCardPages(runtime, options.selection, options.now, options.pageSize);
  let header = formatter.header();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      const text = header + (next.done ? '' : formatter.page(next.value));
      header = '';
      if (!next.done) count.rows += next.value.length;
      if (text) controller.enqueue(encoder.encode(text));
      if (next.done) controller.close();
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

export async function exportFileStream(runtime: Pick<Runtime, 'db' | 'keyring'>, options: ExportStreamOptions): Promise<ReadableStream<Uint8Array>> {
  const count = { rows: 0 };
  let encrypted: ReadableStream<Uint8Array>;
  try {
    const source = await clearRows(runtime, options, count);
    const message = await openpgp.createMessage({ binary: source, filename: `cards.${options.format}`, format: 'binary' });
    encrypted = (await openpgp.encrypt({ message, encryptionKeys: options.recipientKey, format: 'binary' })) as unknown as ReadableStream<Uint8Array>;
  } catch (error) {
    await options.onAbort(error);
    throw error;
  }
  const reader = encrypted.getReader();
  let settled = false;
  const abort = async (error: unknown) => {
    if (settled) return;
    settled = true;
    await options.onAbort(error);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (!next.done) {
          controller.enqueue(next.value);
          return;
        }
        settled = true;
        await options.onComplete(count.rows);
        controller.close();
      } catch (error) {
        await abort(error);
        controller.error(error);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
      await abort(reason ?? new Error('the reader cancelled the export stream'));
    },
  });
}
