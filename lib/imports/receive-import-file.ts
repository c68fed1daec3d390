// POST /api/imports' upload (issue 26): the encrypted file, as received, streamed into import_file_chunks in
// 1 MiB chunks (seq from 0), never held whole in memory, until its import ends. The import is created once
// the first bytes arrive (an empty body creates nothing: 400), and is held by an `upload` claim while the
// rest arrives so the background job does not start on half a file. Past `maxBytes`, or when the upload
// breaks off, the import and everything stored of it are deleted.
import type { Readable } from 'node:stream';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { createImport } from './create-import';
import type { ImportFormat } from './schemas';

export const IMPORT_CHUNK_BYTES = 1024 * 1024;
/** How long an upload's claim holds the import from the job without news (renewed as chunks arrive). */
const UPLOAD_CLAIM = "interval '5 minutes'";
const RENEW_EVERY_CHUNKS = 16;

export const tooLarge = (maxBytes: number) => new VaultError('payload_too_large', `The import file exceeds IMPORT_MAX_BYTES (${maxBytes} bytes)`);
export const emptyFile = () => new VaultError('validation_error', 'The request body is empty: send the OpenPGP-encrypted file as the body', [{ path: 'body', message: 'is empty' }]);

export async function receiveImportFile(
  runtime: Runtime,
  options: { projectId: string; format: ImportFormat; createdBy: string; body: Readable; maxBytes: number },
): Promise<{ id: string; fileBytes: number }> {
  const { sql } = runtime.db;
  const chunks = options.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let first: Buffer | undefined;
  for (;;) {
    const next = await chunks.next();
    if (next.done) throw emptyFile();
    if (next.value.byteLength > 0) {
      first = next.value;
      break;
    }
  }
  const { id } = await createImport(runtime, { projectId: options.projectId, source: 'api', format: options.format, options: {}, createdBy: options.createdBy });
  await sql.query(`UPDATE imports SET claimed_by = 'upload', claimed_until = now() + ${UPLOAD_CLAIM} WHERE id = $1::uuid`, [id]);
  let seq = 0;
  let total = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const store = async (data: Buffer) => {
    await sql.query('INSERT INTO import_file_chunks (import_id, seq, data) VALUES ($1::uuid, $2, $3::bytea)', [id, seq, data]);
    seq += 1;
    if (seq % RENEW_EVERY_CHUNKS === 0) await sql.query(`UPDATE imports SET claimed_until = now() + ${UPLOAD_CLAIM} WHERE id = $1::uuid AND claimed_by = 'upload'`, [id]);
  };
  try {
    for (let chunk: Buffer | undefined = first; chunk; ) {
      total += chunk.byteLength;
      if (total > options.maxBytes) throw tooLarge(options.maxBytes);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= IMPORT_CHUNK_BYTES) {
        let joined = Buffer.concat(pending, pendingBytes);
        while (joined.byteLength >= IMPORT_CHUNK_BYTES) {
          await store(joined.subarray(0, IMPORT_CHUNK_BYTES));
          joined = joined.subarray(IMPORT_CHUNK_BYTES);
        }
        pending = joined.byteLength ? [Buffer.from(joined)] : [];
        pendingBytes = joined.byteLength;
      }
      const next = await chunks.next();
      chunk = next.done ? undefined : next.value;
    }
    if (pendingBytes) await store(Buffer.concat(pending, pendingBytes));
    // Received whole: the job may take it.
    await sql.query('UPDATE imports SET file_bytes = $2, claimed_by = NULL, claimed_until = NULL WHERE id = $1::uuid', [id, total]);
    return { id, fileBytes: total };
  } catch (error) {
    await sql.query('DELETE FROM imports WHERE id = $1::uuid', [id]).catch(() => {});
    throw error;
  }
}
