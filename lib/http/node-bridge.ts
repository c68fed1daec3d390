// node:http ⇄ Web Request/Response, for the fast door. Request bodies are read into memory first
// (they are capped at 1 MiB anyway): simpler and faster than a Web stream, and the socket is always
// drained, even when a handler answers without looking at the body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VaultError } from '../core/errors';
import { MAX_BODY_BYTES } from './read-body';
import { serialisedBody } from './respond';

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

/**
 * Request headers read straight from Node's parsed object (names are already lower-case; Node joins
 * repeated headers with ", " and keeps the first of those that must be single, e.g. Content-Type).
 */
class NodeRequestHeaders {
  constructor(private readonly raw: IncomingMessage['headers']) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  *entries(): IterableIterator<[string, string]> {
    for (const [name, value] of Object.entries(this.raw)) {
      if (value !== undefined) yield [name, Array.isArray(value) ? value.join(', ') : value];
    }
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * The fast door's request: the part of the Web Request the API handlers use (method, url, headers.get
 * and iteration) without building an undici Request, which costs several per cent of a request's CPU
 * on Node 20. The body arrives separately as RouteContext.rawBody. Handlers must not reach for other
 * Request members (json(), clone(), signal): the integration tests go through this door and would fail.
 */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  return new NodeRequest(req, origin) as unknown as Request;
}

/** The URL is parsed only when a handler reads it (most API handlers never do). */
class NodeRequest {
  readonly method: string;
  readonly headers: NodeRequestHeaders;
  readonly body = null;
  private href: string | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly origin: string,
  ) {
    this.method = req.method ?? 'GET';
    this.headers = new NodeRequestHeaders(req.headers);
  }

  get url(): string {
    return (this.href ??= new URL(this.req.url ?? '/', this.origin).href);
  }

  /** The request target as sent (path and query), for checks that need no parsed URL. */
  get target(): string {
    return this.req.url ?? '/';
  }
}

export async function sendWebResponse(response: Response, res: ServerResponse, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  // A JSON answer's text is known: asking for its `body` would build the Web stream it saves (respond.ts).
  const known = response.bodyUsed ? undefined : serialisedBody(response);
  if (method === 'HEAD' || (known === undefined && !response.body)) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  // A download (Content-Disposition: attachment: an import's report or mapping, an export) is streamed
  // as it is produced, never held whole in memory.
  if (known === undefined && response.body && /^attachment/i.test(response.headers.get('content-disposition') ?? '')) {
    res.writeHead(response.status, headers);
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res).catch(() => res.destroy());
    return;
  }
  const body = known !== undefined ? Buffer.from(known) : Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
