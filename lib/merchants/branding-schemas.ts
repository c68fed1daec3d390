// A merchant's branding (issue 24): what PUT /api/merchants/{id} (and POST /api/merchants) take, what is
// stored in merchants.branding, and what reads show. The logo itself lives in merchant_logos (bytes kept
// by the vault); the stored JSON holds only the style fields. Client-safe (no Node import): the dashboard's form uses it.
import { z } from 'zod';

/** `name is required` / `name must be an object` (processor-schemas.ts has the same; it imports node:net, this file is for the browser too). */
const objectError = (name: string) => (issue: { code?: string; input?: unknown }) =>
  issue.code !== 'invalid_type' ? undefined : issue.input === undefined ? `${name} is required` : `${name} must be an object`;

export const BRAND_THEMES = ['light', 'dark', 'auto'] as const;
export const CORNER_RADII = ['none', 'small', 'large'] as const;
export const BRAND_FONTS = ['system', 'serif', 'mono'] as const;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/svg+xml'] as const;
/** An uploaded or fetched logo's largest size, in bytes (before base64). */
export const LOGO_MAX_BYTES = 256 * 1024;
const DISPLAY_NAME_MAX = 100;
const LOGO_URL_MAX = 2048;

const enumField = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` });

const brandColor = z
  .string({ error: 'brand_color must be a string' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'brand_color must be a colour as #rrggbb')
  .transform((value) => value.toLowerCase() as `#${string}`);

const logoUrl = z
  .string({ error: 'logo_url must be a string' })
  .max(LOGO_URL_MAX, `logo_url must be at most ${LOGO_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'logo_url must be an absolute https URL without credentials');

/** The style fields, as stored (merchants.branding) and as the checkout reads them. */
export const ZBrandingStyleSchema = z.object({
  display_name: z
    .string({ error: 'display_name must be a string' })
    .trim()
    .min(1, `display_name must be 1 to ${DISPLAY_NAME_MAX} characters`)
    .max(DISPLAY_NAME_MAX, `display_name must be 1 to ${DISPLAY_NAME_MAX} characters`)
    .optional()
    .meta({ description: 'The name the checkout shows instead of the merchant name.', example: 'Acme Coffee' }),
  brand_color: brandColor.optional().meta({
    description:
      'The pay button and focus colour, `#rrggbb`. The button text is white or near-black, whichever reaches WCAG AA (4.5:1); when neither does, the button colour is darkened or lightened just enough.',
    example: '#635bff',
  }),
  theme: enumField('theme', BRAND_THEMES).default('auto').meta({ description: '`auto` (default) follows the customer\'s `prefers-color-scheme`.' }),
  corner_radius: enumField('corner_radius', CORNER_RADII).optional().meta({ description: 'Corners of the card, fields and buttons. Default `large`.' }),
  font: enumField('font', BRAND_FONTS).optional().meta({ description: 'A system font stack (no web font is loaded). Default `system`.' }),
});
export type TBrandingStyle = z.output<typeof ZBrandingStyleSchema>;

/** An uploaded logo inside the JSON body: at most LOGO_MAX_BYTES once decoded. */
export const ZLogoUploadSchema = z
  .strictObject(
    {
      content_type: enumField('content_type', LOGO_CONTENT_TYPES).meta({ description: '`image/png` or `image/svg+xml`.' }),
      data_base64: z
        .string({ error: 'data_base64 must be a string' })
        .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, `data_base64 must decode to at most ${LOGO_MAX_BYTES} bytes`)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data_base64 must be standard base64')
        .meta({ description: `The file's bytes, base64 (at most ${LOGO_MAX_BYTES / 1024} KB decoded).` }),
    },
    { error: objectError('logo') },
  )
  .meta({ id: 'LogoUpload', description: 'A PNG, or an SVG the vault sanitizes (no scripts, event handlers, external references or foreignObject; anything else is refused).' });
export type TLogoUpload = z.output<typeof ZLogoUploadSchema>;

/** `branding` in a create or update body: the style fields, replaced whole, and optionally a new logo. */
export const ZBrandingRequestSchema = z
  .strictObject(
    {
      ...ZBrandingStyleSchema.shape,
      logo_url: logoUrl
        .nullable()
        .optional()
        .meta({
          description:
            "An https URL of a PNG or SVG: fetched once, through the same SSRF-guarded client as webhooks, and kept by the vault (the checkout loads images from the vault only). The stored logo's own URL is not fetched again. `null` removes the logo; omitted keeps it.",
          example: 'https://acme.example/logo.svg',
        }),
      logo: ZLogoUploadSchema.nullable().optional().meta({ description: 'Upload instead of `logo_url` (not both). `null` removes the logo; omitted keeps it.' }),
    },
    { error: objectError('branding') },
  )
  .superRefine((value, context) => {
    if (typeof value.logo_url === 'string' && value.logo) context.addIssue({ code: 'custom', path: ['logo'], message: 'send logo or logo_url, not both' });
  })
  .meta({
    id: 'BrandingRequest',
    description:
      "The hosted checkout's branding (and Elements' defaults). The style fields are replaced whole on every update; the logo is kept unless `logo` or `logo_url` is sent. `branding: null` removes branding and logo (the Vault default look).",
  });
export type TBrandingRequest = z.output<typeof ZBrandingRequestSchema>;

/** The stored logo as reads show it. */
export const ZBrandingLogoView = z
  .object({
    url: z.string().meta({ description: 'Where the vault serves it, a path on `CHECKOUT_URL`: `/checkout-assets/logos/{merchant_id}/{sha256}` (cached immutably: a new logo is a new URL).' }),
    content_type: z.enum(LOGO_CONTENT_TYPES),
    sha256: z.string().meta({ description: 'SHA-256 (hex) of the bytes served.' }),
    source_url: z.string().nullable().meta({ description: 'The https URL it was fetched from; null when uploaded.' }),
  })
  .meta({ id: 'BrandingLogo' });

export const ZBrandingView = z
  .object({
    display_name: z.string().nullable(),
    brand_color: z.string().nullable(),
    theme: z.enum(BRAND_THEMES),
    corner_radius: z.enum(CORNER_RADII).nullable(),
    font: z.enum(BRAND_FONTS).nullable(),
    logo_url: z.string().nullable().meta({ description: 'The https URL the logo was fetched from; null for an uploaded logo or none.' }),
    logo: ZBrandingLogoView.nullable(),
  })
  .meta({ id: 'Branding', description: 'null: no branding (the Vault default: dark theme, Vault green).' });
export type TBrandingView = z.output<typeof ZBrandingView>;
