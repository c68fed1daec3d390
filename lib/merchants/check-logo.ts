// What the vault keeps of a logo, uploaded or fetched: a PNG (its signature and IHDR checked, at most 4096 px
// a side) or a sanitized SVG (sanitize-svg.ts), at most LOGO_MAX_BYTES. Anything else is a 400 naming the
// field the logo came from (`branding.logo`, `branding.logo_url`).
import { VaultError } from '../core/errors';
import { LOGO_MAX_BYTES } from './branding-schemas';
import { sanitizeSvg } from './sanitize-svg';

export type LogoContentType = 'image/png' | 'image/svg+xml';
export type CheckedLogo = { contentType: LogoContentType; bytes: Uint8Array; removed: string[] };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_SIDE = 4096;

/** Why these bytes are not a PNG the page can show, or null. */
export function pngProblem(bytes: Uint8Array): string | null {
  if (bytes.length < 33 || PNG_SIGNATURE.some((value, index) => bytes[index] !== value)) return 'is not a PNG (bad signature)';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk: length 13, type IHDR, then width and height.
  if (view.getUint32(8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return 'is not a PNG (no IHDR chunk)';
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) return `must be 1 to ${MAX_SIDE} pixels a side`;
  return null;
}

const invalid = (field: string, message: string) => VaultError.validation([{ path: field, message: `${field.split('.').at(-1)} ${message}` }]);

export function checkLogo(options: { contentType: LogoContentType; bytes: Uint8Array; field: string }): CheckedLogo {
  const { contentType, bytes, field } = options;
  if (bytes.length === 0) throw invalid(field, 'is empty');
  if (bytes.length > LOGO_MAX_BYTES) throw invalid(field, `must be at most ${LOGO_MAX_BYTES} bytes`);
  if (contentType === 'image/png') {
    const problem = pngProblem(bytes);
    if (problem) throw invalid(field, problem);
    return { contentType, bytes, removed: [] };
  }
  const sanitized = sanitizeSvg(bytes);
  if (!sanitized.ok) throw invalid(field, `is refused: ${sanitized.reason}`);
  return { contentType, bytes: new TextEncoder().encode(sanitized.svg), removed: sanitized.removed };
}
