// Logo files for the branding tests: a real PNG built byte by byte (signature, IHDR, IDAT, IEND with their
// CRCs) and a small clean SVG, so the tests need no binary fixture.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height PNG, 8-bit RGB, every pixel `rgb`. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [99, 91, 255]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A clean SVG logo (a rounded square and a word), unchanged by the sanitizer. */
export const CLEAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40"><rect width="40" height="40" rx="10" fill="#635bff"/><path d="M12 28 20 12l8 16z" fill="#ffffff"/><text x="50" y="28" font-family="sans-serif" font-size="22" font-weight="700" fill="#635bff">Acme</text></svg>';
