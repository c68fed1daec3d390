// Documentation shared by the merchant routes' definitions.
import { z } from 'zod';
import { ZMerchantView } from '../../merchants/schemas';
import { OTHER_ACCOUNT_404, dataResponse, error } from '../../core/openapi-shapes';

/** `{id}` path parameter. */
export const merchantIdParam = z.object({ id: z.string().meta({ description: 'Merchant id (UUID).' }) });

export const merchantNotFound = { 404: error(`\`Merchant not found\`. ${OTHER_ACCOUNT_404}`) };

/** `{success:true, data: merchant}` (get, update). */
export const ZMerchantResponse = dataResponse('MerchantResponse', ZMerchantView);

export const PROCESSOR_RULES =
  'The processor is `{type:"sandbox"}` (test projects only: a production project answers 400 naming `processor.type`) or `{type:"http", …}`, a PSP request template charged through the same pipeline as POST /proxy/transaction. Its configuration is sealed at rest (AES-256-GCM under the project\'s data key); every response shows header values as "********". An http processor\'s URL must pass the project\'s `allowed_proxy_hosts` (PUT /api/projects/{id}) when the merchant is saved and again at every charge.';

export const BRANDING_RULES =
  '`branding` (optional) brands the hosted checkout: `display_name`, `brand_color` (`#rrggbb`; the pay button\'s text is white or near-black for WCAG AA contrast, the colour nudged darker or lighter only when neither reaches 4.5:1), `theme` (`light`, `dark`, `auto` = the customer\'s `prefers-color-scheme`; default `auto`), `corner_radius` (`none`, `small`, `large`), `font` (`system`, `serif`, `mono`: system font stacks). A logo comes as `logo_url` (https; fetched once through the SSRF-guarded outbound client under WEBHOOK_ALLOWED_PRIVATE_HOSTS, no redirects followed) or as an upload in the same body, `logo: { content_type: "image/png" | "image/svg+xml", data_base64 }`, at most 256 KB. A PNG must be one (signature, IHDR, at most 4096 px a side); an SVG is sanitized: comments, `metadata` elements and drawing editors\' own elements and attributes are removed, and anything active or external is refused (a DOCTYPE, processing instructions, `script` and `foreignObject` elements, elements outside static drawing such as `image`, `a` or animations, `on*` attributes, `href`/`xlink:href` other than a local `#fragment`, `url()` other than `url(#fragment)`, CSS with `@import`, `@font-face`, `image-set()` or escapes). A refused logo is a 400 naming `branding.logo` or `branding.logo_url` and changes nothing. The vault serves the logo itself (GET /checkout-assets/logos/{merchant_id}/{sha256}); the checkout\'s CSP allows images from the vault only.';

/** 400s of a saved processor (besides the body's validation_error). */
export const processorRefused = {
  400: error(
    '`validation_error` naming the field; `proxy_host_not_allowed` (`Invalid proxy URL: <host> is not in this project\'s allowed_proxy_hosts`, field `processor.url`) when the project\'s `allowed_proxy_hosts` does not list the URL\'s host, or a production project (any project with PROXY_REQUIRE_ALLOW_LIST=true) has no list.',
  ),
};
