// The report and the mapping of an import as downloads (issue 26): CSV streamed from import_rows by the
// engine's writers (./import-outputs.ts) through a Web stream, so neither is held whole in memory (the fast
// door streams attachments: lib/http/node-bridge.ts).
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { Runtime } from '../runtime/types';

export function csvDownload(
  runtime: Pick<Runtime, 'logger'>,
  options: { filename: string; requestId: string; write: (writable: Writable) => Promise<unknown> },
): Response {
  const out = new PassThrough();
  options.write(out).then(
    () => {
      if (!out.writableEnded) out.end();
    },
    (error: unknown) => {
      runtime.logger.error({ err: error, requestId: options.requestId }, 'import download failed');
      out.destroy(error instanceof Error ? error : new Error('import download failed'));
    },
  );
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${options.filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-request-id': options.requestId,
    },
  });
}
