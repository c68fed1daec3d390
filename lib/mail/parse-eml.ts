// A small reader for the messages this app writes to its outbox (tests and developers read reset links from
// them). It understands what nodemailer produces: folded headers, RFC 2047 encoded words, multipart bodies
// and base64 / quoted-printable / 7bit parts. It is not a general-purpose MIME parser.

export type ParsedMail = { to: string; subject: string; text: string };

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfolding: a line break followed by whitespace continues the previous header.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.split('*')[0]).decode(bytes);
  } catch {
    return bytes.toString('utf8'); // unknown label: the app only writes utf-8 anyway
  }
}

function quotedPrintableBytes(value: string, underscoreIsSpace: boolean): Buffer {
  const text = (underscoreIsSpace ? value.replace(/_/g, ' ') : value).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** RFC 2047: decodes encoded words; whitespace between two adjacent encoded words is dropped. */
export function decodeHeaderValue(value: string): string {
  let out = '';
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [word, charset = 'utf-8', encoding = 'B', payload = ''] = match;
    const gap = value.slice(last, match.index);
    // Adjacent words of one charset are joined as bytes: a character may be split across them.
    if (!(pending && /^\s*$/.test(gap) && pending.charset.toLowerCase() === charset.toLowerCase())) {
      flush();
      out += gap;
    }
    const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(payload, 'base64') : quotedPrintableBytes(payload, true);
    pending ??= { charset, bytes: [] };
    pending.bytes.push(bytes);
    last = match.index + word.length;
  }
  flush();
  return out + value.slice(last);
}

function headerParameter(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(part: Part): string {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const charset = headerParameter(contentType, 'charset') ?? 'utf-8';
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return decodeCharset(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  // Line breaks are CRLF on the wire; the text was written with LF.
  const body = part.body.replace(/\r\n/g, '\n');
  if (encoding === 'quoted-printable') return decodeCharset(quotedPrintableBytes(body, false), charset);
  return body;
}

/** The first text/plain part, searching multiparts depth first. */
function findPlainText(part: Part): string | undefined {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = headerParameter(contentType, 'boundary');
    if (!boundary) return undefined;
    const sections = part.body.split(`--${boundary}`).slice(1); // before the first delimiter: preamble
    for (const section of sections) {
      if (section.startsWith('--')) break; // closing delimiter
      const text = findPlainText(splitPart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return /^text\/plain\b/i.test(contentType) ? decodeBody(part) : undefined;
}

export function parseEml(raw: string): ParsedMail {
  // The final line break terminates the message; it is not part of a single-part body.
  const message = splitPart(raw.replace(/\r?\n$/, ''));
  return {
    to: decodeHeaderValue(message.headers.get('to') ?? ''),
    subject: decodeHeaderValue(message.headers.get('subject') ?? ''),
    text: findPlainText(message) ?? '',
  };
}
