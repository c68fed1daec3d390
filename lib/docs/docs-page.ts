// The HTML of GET /docs: an empty page that Scalar's first-party bundle fills from /openapi.json. No inline
// script: Scalar reads its configuration from the `data-configuration` attribute of #api-reference, so the
// page's policy can be `script-src 'self'` with no nonce or hash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths';
import { SCALAR_SCRIPT_PATH } from './scalar-bundle';

/**
 * Scalar settings that keep the page on this origin: no fonts from its CDN (system fonts instead), no
 * telemetry, no AI agent (it calls Scalar's servers and is on by default on localhost), no developer
 * toolbar (its "share" uploads the document to Scalar), no request proxy (the try-it client calls this
 * vault directly, which `connect-src 'self'` allows only when the page is served from APP_URL).
 */
export const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  hideClientButton: false,
  theme: 'default',
  // A heading's hidden "copy link" button sticks out 2 px at phone widths: clipped, no sideways scroll.
  customCss: '.section-header { overflow-x: clip; }',
} as const;

/** The vault's icon inline, so the page asks nothing of Next (absent on VAULT_API_ONLY nodes). */
let favicon: string | undefined;
const faviconDataUrl = () => (favicon ??= `data:image/svg+xml;base64,${readFileSync(join(projectRoot, 'public', 'favicon.svg')).toString('base64')}`);

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function docsPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Vault API reference</title>
<link rel="icon" href="${faviconDataUrl()}" type="image/svg+xml">
</head>
<body>
<div id="api-reference" data-url="/openapi.json" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></div>
<noscript>The API reference needs JavaScript. The OpenAPI document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<script src="${SCALAR_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
