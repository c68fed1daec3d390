// Fetches a logo given by URL, once, when the branding is saved: through the webhooks' SSRF-guarded
// dispatcher (connect-time address checks, redirects never followed) and its WEBHOOK_ALLOWED_PRIVATE_HOSTS,
// never the PSP dispatcher: PROXY_ALLOWED_PRIVATE_HOSTS admits internal PSP hosts, and the vault serves a
// logo's bytes back to anyone, so a logo URL must not be a way to read an internal host. At most
// LOGO_MAX_BYTES are read; the answer must be a 200 with an image/png or image/svg+xml content type, and
// the bytes then pass the same checks as an upload (check-logo.ts). Every failure is a 400 naming
// `branding.logo_url`, with what went wrong but none of what the host sent.
import { request, type Dispatcher } from 'undici';
import { VaultError } from '../core/errors';
import { findRefusedAddress } from '../outbound/dispatcher';
import { LOGO_MAX_BYTES } from './branding-schemas';
import { checkLogo, type CheckedLogo, type LogoContentType } from './check-logo';

const FIELD = 'branding.logo_url';
const TIMEOUT_MS = 10_000;

const failed = (message: string) => VaultError.validation([{ path: FIELD, message: `logo_url ${message}` }]);

function contentTypeOf(header: string | string[] | undefined): LogoContentType | null {
  const value = (Array.isArray(header) ? header[0] : header)?.split(';')[0]?.trim().toLowerCase();
  return value === 'image/png' || value === 'image/svg+xml' ? value : null;
}

/** Stops reading an answer we will not use (undici reports the abort as the stream's error: nobody else is listening). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

async function readAtMost(body: AsyncIterable<Buffer>, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) return null;
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export async function fetchLogo(dispatcher: Dispatcher, url: string): Promise<CheckedLogo> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(url, { dispatcher, method: 'GET', headers: { accept: 'image/png, image/svg+xml' }, signal });
  } catch (error) {
    const refused = findRefusedAddress(error);
    if (refused) throw failed(`must not point at localhost or a private, loopback or link-local address: ${refused.hostname} is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS`);
    throw failed(signal.aborted ? `did not answer within ${TIMEOUT_MS / 1000} s` : 'could not be fetched (connection or TLS failure)');
  }
  const { statusCode, headers, body } = answer;
  const contentType = contentTypeOf(headers['content-type']);
  if (statusCode !== 200 || !contentType) {
    discard(body);
    if (statusCode !== 200) throw failed(`answered HTTP ${statusCode}${statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : ''}`);
    throw failed('must serve image/png or image/svg+xml');
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readAtMost(body as AsyncIterable<Buffer>, LOGO_MAX_BYTES);
  } catch {
    throw failed(signal.aborted ? `did not answer within ${TIMEOUT_MS / 1000} s` : 'could not be fetched (the answer broke off)');
  }
  if (!bytes) {
    discard(body);
    throw failed(`must be at most ${LOGO_MAX_BYTES} bytes`);
  }
  return checkLogo({ contentType, bytes, field: FIELD });
}
