// GET /checkout-assets/logos/{merchantId}/{sha256} — a merchant's logo, served by the vault for its checkout.
import { z } from 'zod';
import { VaultError } from '../../core/errors';
import { defineRoute } from '../../http/define-route';
import { error } from '../../core/openapi-shapes';
import { publicAuth } from '../auth/session-route';
import { getMerchantLogo } from '../../merchants/get-merchant-logo';

/** An SVG opened on its own runs nothing and loads nothing; a PNG gets the same (it has no use for more). */
export const LOGO_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const image = (description: string) => ({ description, content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) }, 'image/svg+xml': { schema: z.string() } } });

export const GET = defineRoute({
  method: 'GET',
  path: '/checkout-assets/logos/{merchantId}/{sha256}',
  operationId: 'getMerchantLogo',
  tags: ['Merchants'],
  summary: "A merchant's checkout logo",
  description:
    "Public: the logo the hosted checkout shows (`branding.logo.url` of the merchant). The URL carries the bytes' SHA-256, so it is cached for a year (immutable) and a replaced logo's old URL is a 404. Served with `X-Content-Type-Options: nosniff` and, for SVG and PNG alike, `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox`.",
  auth: publicAuth(),
  request: {
    params: z.object({
      merchantId: z.string().meta({ description: 'Merchant id (UUID).' }),
      sha256: z.string().meta({ description: "SHA-256 (hex) of the logo's bytes." }),
    }),
  },
  responses: { 200: image('The logo: image/png or image/svg+xml (sanitized).'), 304: { description: 'Not modified (If-None-Match carried its ETag).' }, 404: error('`Logo not found`: no such merchant, no logo, or not its current one.') },
  handler: async (call) => {
    const logo = await getMerchantLogo(call.runtime, { merchantId: call.params.merchantId ?? '', sha256: call.params.sha256 ?? '' });
    if (!logo) throw new VaultError('not_found', 'Logo not found');
    const etag = `"${logo.sha256}"`;
    const headers = {
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': LOGO_CONTENT_SECURITY_POLICY,
      'cross-origin-resource-policy': 'same-origin',
    };
    if (call.request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(logo.bytes), { headers: { ...headers, 'content-type': logo.contentType, 'content-length': String(logo.bytes.byteLength) } });
  },
});
