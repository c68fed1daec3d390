// node:http ⇄ Web Request/Response, for the fast door. Bodies stream in both directions.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for streaming request bodies.
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
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
