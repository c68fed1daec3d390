// node:http ⇄ Web Request/Response, for the fast door. Request bodies are read into memory first
// (they are capped at 1 MiB anyway): simpler and faster than a Web stream, and the socket is always
// drained, even when a handler answers without looking at the body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VaultError } from './errors';
import { MAX_BODY_BYTES } from './read-body';

export async function readNodeBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) throw new VaultError('payload_too_large', `Request body exceeds ${limit} bytes`);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > limit) throw new VaultError('payload_too_large', `Request body exceeds ${limit} bytes`);
    chunks.push(chunk);
  }
  // Socket chunks are never SharedArrayBuffer-backed; the cast records that for BodyInit.
  return (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) as Buffer<ArrayBuffer>;
}

/** A Web Request for the handlers; the body travels separately (RouteContext.rawBody). */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // The server decides X-Forwarded-For (see create-server.ts); the raw header may be the caller's.
  const forwardedFor = req.headers['x-forwarded-for'];
  if (typeof forwardedFor === 'string') headers.set('x-forwarded-for', forwardedFor);
  return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers });
}

export async function sendWebResponse(response: Response, res: ServerResponse, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (method === 'HEAD' || !response.body) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
