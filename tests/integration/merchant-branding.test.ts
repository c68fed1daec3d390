// Merchant branding (issue 24): PUT/POST /api/merchants with `branding`, GET shows it, and
// GET /checkout-assets/logos/{merchantId}/{sha256} serves the logo the vault keeps. A logo given by URL is
// fetched once through the SSRF-guarded client from a loopback https server (WEBHOOK_ALLOWED_PRIVATE_HOSTS
// names localhost here; 127.0.0.1 is not named, so it is refused at connect time). Happy, error and
// security tables.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { CLEAN_SVG, makePng } from '../helpers/logo-files';
import { makeLocalhostCertificate } from '../helpers/self-signed';
import { startTestVault, type ApiResponse, type CallOptions, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
const tokens = {} as Record<Role | 'stranger', string>;
let logoServer: Server;
let logoOrigin: string;
let logoPort: number;
const hits: Record<string, number> = {};

const PNG = makePng(4, 2);
const BIG_PNG = Buffer.concat([makePng(1, 1), Buffer.alloc(256 * 1024)]);
const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>';
const SVG_WITH_COMMENT = `<!-- exported -->${CLEAN_SVG}`;
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const served: Record<string, { status?: number; type?: string; body: Buffer | string; headers?: Record<string, string> }> = {
  '/logo.png': { type: 'image/png', body: PNG },
  '/logo.svg': { type: 'image/svg+xml; charset=utf-8', body: SVG_WITH_COMMENT },
  '/hostile.svg': { type: 'image/svg+xml', body: HOSTILE_SVG },
  '/page.html': { type: 'text/html', body: '<html></html>' },
  '/big.png': { type: 'image/png', body: BIG_PNG },
  '/moved.png': { status: 302, body: '', headers: { location: '/logo.png' } },
  '/missing.png': { status: 404, type: 'text/plain', body: 'no' },
};

beforeAll(async () => {
  const certificate = makeLocalhostCertificate();
  logoServer = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const path = req.url ?? '';
    hits[path] = (hits[path] ?? 0) + 1;
    const answer = served[path] ?? { status: 404, body: '' };
    res.writeHead(answer.status ?? 200, { ...(answer.type ? { 'content-type': answer.type } : {}), ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  logoPort = (logoServer.address() as AddressInfo).port;
  logoOrigin = `https://localhost:${logoPort}`;
  vault = await startTestVault({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost' }, pspCa: certificate.cert });
  users = await seedUsers(vault, 'branding');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await loginAs(vault, users[role].email);
  stranger = await seedStranger(vault);
  tokens.stranger = stranger.token;
});
afterAll(async () => {
  await vault?.close();
  logoServer?.closeAllConnections();
  await new Promise((resolve) => logoServer?.close(resolve));
});

const api = (who: Role | 'stranger' | null, method: string, path: string, options: CallOptions = {}) =>
  vault.call(method, path, { key: null, ...options, headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...options.headers } });

const errorBody = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const validationBody = (response: ApiResponse, path: string, message: string) => ({
  success: false,
  error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
  request_id: response.headers.get('x-request-id'),
});

let counter = 0;
async function createMerchant(as: Role | 'stranger' = 'owner'): Promise<{ id: string }> {
  const response = await api(as, 'POST', '/api/merchants', { json: { name: `Branded ${++counter}`, processor: { type: 'sandbox' } } });
  expect(response.status, response.text).toBe(201);
  return response.json.data;
}
const putBranding = (id: string, branding: unknown, who: Role | 'stranger' = 'owner') => api(who, 'PUT', `/api/merchants/${id}`, { json: { branding } });
const upload = (bytes: Buffer | string, contentType = 'image/png') => ({ content_type: contentType, data_base64: Buffer.from(bytes).toString('base64') });
const logoPathOf = (id: string, bytes: Uint8Array | string) => `/checkout-assets/logos/${id}/${sha256(bytes)}`;
const STYLE = { display_name: 'Acme Coffee', brand_color: '#635BFF', theme: 'dark', corner_radius: 'small', font: 'serif' };

describe('branding — happy', () => {
  it('PUT branding with an uploaded PNG → 200 with the branding; GET shows the same; the logo is served byte-exact', async () => {
    const { id } = await createMerchant();
    const response = await putBranding(id, { ...STYLE, logo: upload(PNG) });
    expect(response.status, response.text).toBe(200);
    const branding = {
      display_name: 'Acme Coffee',
      brand_color: '#635bff',
      theme: 'dark',
      corner_radius: 'small',
      font: 'serif',
      logo_url: null,
      logo: { url: logoPathOf(id, PNG), content_type: 'image/png', sha256: sha256(PNG), source_url: null },
    };
    expect(response.json.data.branding).toEqual(branding);
    expect((await api('viewer', 'GET', `/api/merchants/${id}`)).json.data.branding).toEqual(branding);
    expect((await api('viewer', 'GET', '/api/merchants')).json.data.find((m: { id: string }) => m.id === id).branding).toEqual(branding);

    const logo = await fetch(`${vault.url}${branding.logo.url}`);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    expect(Object.fromEntries(['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy', 'etag', 'cross-origin-resource-policy'].map((name) => [name, logo.headers.get(name)]))).toEqual({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      etag: `"${sha256(PNG)}"`,
      'cross-origin-resource-policy': 'same-origin',
    });
    const again = await fetch(`${vault.url}${branding.logo.url}`, { headers: { 'if-none-match': `"${sha256(PNG)}"` } });
    expect(again.status).toBe(304);
  });

  it('an uploaded SVG is stored sanitized (the comment removed) and served as image/svg+xml under the sandbox CSP', async () => {
    const { id } = await createMerchant();
    const response = await putBranding(id, { logo: upload(SVG_WITH_COMMENT, 'image/svg+xml') });
    expect(response.status, response.text).toBe(200);
    expect(response.json.data.branding).toEqual({
      display_name: null,
      brand_color: null,
      theme: 'auto',
      corner_radius: null,
      font: null,
      logo_url: null,
      logo: { url: logoPathOf(id, CLEAN_SVG), content_type: 'image/svg+xml', sha256: sha256(CLEAN_SVG), source_url: null },
    });
    const logo = await fetch(`${vault.url}${logoPathOf(id, CLEAN_SVG)}`);
    expect(await logo.text()).toBe(CLEAN_SVG);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('logo_url: fetched once through the guarded client, kept and served by the vault; the same URL again is not fetched again', async () => {
    const { id } = await createMerchant();
    const url = `${logoOrigin}/logo.png`;
    const before = hits['/logo.png'] ?? 0;
    const response = await putBranding(id, { brand_color: '#0a7f3f', logo_url: url });
    expect(response.status, response.text).toBe(200);
    expect(response.json.data.branding.logo_url).toBe(url);
    expect(response.json.data.branding.logo).toEqual({ url: logoPathOf(id, PNG), content_type: 'image/png', sha256: sha256(PNG), source_url: url });
    expect(hits['/logo.png']).toBe(before + 1);
    const logo = await fetch(`${vault.url}${logoPathOf(id, PNG)}`);
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await putBranding(id, { brand_color: '#123456', logo_url: url })).status).toBe(200);
    expect(hits['/logo.png']).toBe(before + 1);
    // An SVG by URL is sanitized like an upload.
    const svg = await putBranding(id, { logo_url: `${logoOrigin}/logo.svg` });
    expect(svg.json.data.branding.logo).toEqual({ url: logoPathOf(id, CLEAN_SVG), content_type: 'image/svg+xml', sha256: sha256(CLEAN_SVG), source_url: `${logoOrigin}/logo.svg` });
  });

  it('a style-only update keeps the logo; a new logo retires the old URL; logo: null and branding: null remove', async () => {
    const { id } = await createMerchant();
    await putBranding(id, { logo: upload(PNG) });
    const styleOnly = await putBranding(id, { brand_color: '#ff0000', theme: 'light' });
    expect(styleOnly.json.data.branding).toMatchObject({ brand_color: '#ff0000', theme: 'light', display_name: null, logo: { sha256: sha256(PNG) } });
    await putBranding(id, { logo: upload(CLEAN_SVG, 'image/svg+xml') });
    expect((await fetch(`${vault.url}${logoPathOf(id, PNG)}`)).status).toBe(404);
    expect((await fetch(`${vault.url}${logoPathOf(id, CLEAN_SVG)}`)).status).toBe(200);

    const noLogo = await putBranding(id, { brand_color: '#ff0000', logo: null });
    expect(noLogo.json.data.branding).toMatchObject({ brand_color: '#ff0000', logo: null, logo_url: null });
    expect((await fetch(`${vault.url}${logoPathOf(id, CLEAN_SVG)}`)).status).toBe(404);

    await putBranding(id, { logo: upload(PNG) });
    const cleared = await putBranding(id, null);
    expect(cleared.json.data.branding).toBeNull();
    expect(await vault.runtime.db.prisma.merchantLogo.count({ where: { merchantId: id } })).toBe(0);
  });

  it('POST /api/merchants takes branding too', async () => {
    const response = await api('admin', 'POST', '/api/merchants', { json: { name: 'Branded at birth', processor: { type: 'sandbox' }, branding: { display_name: 'Born', logo: upload(PNG) } } });
    expect(response.status, response.text).toBe(201);
    const { id } = response.json.data;
    expect(response.json.data.branding).toEqual({
      display_name: 'Born',
      brand_color: null,
      theme: 'auto',
      corner_radius: null,
      font: null,
      logo_url: null,
      logo: { url: logoPathOf(id, PNG), content_type: 'image/png', sha256: sha256(PNG), source_url: null },
    });
    expect((await api('owner', 'GET', `/api/merchants/${id}`)).json.data.branding).toEqual(response.json.data.branding);
  });
});

describe('branding — errors name the field; nothing changes', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createMerchant()).id;
    expect((await putBranding(id, { ...STYLE, logo: upload(PNG) })).status).toBe(200);
  });

  it.each([
    ['bad colour', { brand_color: 'red' }, 'branding.brand_color', 'brand_color must be a colour as #rrggbb'],
    ['short colour', { brand_color: '#fff' }, 'branding.brand_color', 'brand_color must be a colour as #rrggbb'],
    ['bad theme', { theme: 'sepia' }, 'branding.theme', 'theme must be one of light, dark, auto'],
    ['bad corner radius', { corner_radius: 'round' }, 'branding.corner_radius', 'corner_radius must be one of none, small, large'],
    ['bad font', { font: 'comic' }, 'branding.font', 'font must be one of system, serif, mono'],
    ['http logo_url', { logo_url: 'http://acme.example/logo.png' }, 'branding.logo_url', 'logo_url must be an absolute https URL without credentials'],
    ['logo_url with credentials', { logo_url: 'https://user:pw@acme.example/logo.png' }, 'branding.logo_url', 'logo_url must be an absolute https URL without credentials'],
    ['logo and logo_url', { logo_url: 'https://acme.example/logo.png', logo: { content_type: 'image/png', data_base64: 'AA==' } }, 'branding.logo', 'send logo or logo_url, not both'],
    ['wrong content type', { logo: { content_type: 'image/gif', data_base64: 'R0lGODlh' } }, 'branding.logo.content_type', 'content_type must be one of image/png, image/svg+xml'],
    ['not base64', { logo: { content_type: 'image/png', data_base64: '***' } }, 'branding.logo.data_base64', 'data_base64 must be standard base64'],
    ['oversize upload', { logo: upload(BIG_PNG) }, 'branding.logo.data_base64', 'data_base64 must decode to at most 262144 bytes'],
    ['a GIF called PNG', { logo: upload('GIF89a\x01\x00\x01\x00') }, 'branding.logo', 'logo is not a PNG (bad signature)'],
    ['a PNG too large a side', { logo: upload(makePng(5000, 1)) }, 'branding.logo', 'logo must be 1 to 4096 pixels a side'],
    ['a hostile SVG', { logo: upload(HOSTILE_SVG, 'image/svg+xml') }, 'branding.logo', 'logo is refused: <svg> onload: event-handler attributes are not allowed'],
    ['a PNG sent as SVG', { logo: upload(PNG, 'image/svg+xml') }, 'branding.logo', 'logo is refused: not UTF-8 text'],
    ['unknown field', { colour: '#ffffff' }, 'branding.colour', 'Unrecognized field'],
    ['branding not an object', 'dark', 'branding', 'branding must be an object'],
  ])('%s → 400 naming the field', async (_name, branding, path, message) => {
    const response = await putBranding(id, branding);
    expect(response.status, response.text).toBe(400);
    expect(response.json).toEqual(validationBody(response, path, message));
  });

  it.each([
    ['a redirect (not followed)', '/moved.png', 'logo_url answered HTTP 302 (redirects are not followed)'],
    ['a 404', '/missing.png', 'logo_url answered HTTP 404'],
    ['an HTML page', '/page.html', 'logo_url must serve image/png or image/svg+xml'],
    ['too large', '/big.png', 'logo_url must be at most 262144 bytes'],
    ['a hostile SVG', '/hostile.svg', 'logo_url is refused: <svg> onload: event-handler attributes are not allowed'],
  ])('logo_url serving %s → 400 naming branding.logo_url', async (_name, path, message) => {
    const response = await putBranding(id, { logo_url: `${logoOrigin}${path}` });
    expect(response.json).toEqual(validationBody(response, 'branding.logo_url', message));
  });

  it('logo_url on a host WEBHOOK_ALLOWED_PRIVATE_HOSTS does not name (127.0.0.1) → refused at connect time, nothing fetched', async () => {
    const before = hits['/logo.png'] ?? 0;
    const response = await putBranding(id, { logo_url: `https://127.0.0.1:${logoPort}/logo.png` });
    expect(response.json).toEqual(
      validationBody(response, 'branding.logo_url', 'logo_url must not point at localhost or a private, loopback or link-local address: 127.0.0.1 is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS'),
    );
    expect(hits['/logo.png'] ?? 0).toBe(before);
  });

  it('after every refusal the stored branding and logo are as they were', async () => {
    const read = await api('owner', 'GET', `/api/merchants/${id}`);
    expect(read.json.data.branding).toMatchObject({ display_name: 'Acme Coffee', brand_color: '#635bff', theme: 'dark', logo: { sha256: sha256(PNG) } });
    expect((await fetch(`${vault.url}${logoPathOf(id, PNG)}`)).status).toBe(200);
  });

  it('the logo route: unknown merchant, another sha, malformed ids → 404 Logo not found', async () => {
    for (const path of [logoPathOf('0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', PNG), logoPathOf(id, 'other'), `/checkout-assets/logos/not-a-uuid/${sha256(PNG)}`, `/checkout-assets/logos/${id}/XYZ`]) {
      const response = await vault.call('GET', path, { key: null });
      expect(response.status, path).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Logo not found'));
    }
  });
});

describe('branding — security', () => {
  it('PUT branding without a session, with an API key or a garbage token → 401', async () => {
    const { id } = await createMerchant();
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { 'x-api-key': vault.tenants.test.keys.full }] as Record<string, string>[]) {
      const response = await api(null, 'PUT', `/api/merchants/${id}`, { json: { branding: STYLE }, headers });
      expect(response.status).toBe(401);
      expect(response.json).toEqual(errorBody(response, 'unauthorized', 'Authentication required'));
    }
  });

  it.each(['developer', 'viewer'] as const)('%s → 403, audited, nothing fetched or stored', async (role) => {
    const { id } = await createMerchant();
    const before = hits['/logo.png'] ?? 0;
    const response = await putBranding(id, { ...STYLE, logo_url: `${logoOrigin}/logo.png` }, role);
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
    expect(await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } })).toMatchObject({ action: 'merchant.update', outcome: 'failure', statusCode: 403 });
    expect(hits['/logo.png'] ?? 0).toBe(before);
    expect((await api('owner', 'GET', `/api/merchants/${id}`)).json.data.branding).toBeNull();
  });

  it("another account's merchant → 404 before any fetch; the logo stays", async () => {
    const { id } = await createMerchant();
    await putBranding(id, { logo: upload(PNG) });
    const before = hits['/logo.svg'] ?? 0;
    const response = await putBranding(id, { logo_url: `${logoOrigin}/logo.svg` }, 'stranger');
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Merchant not found'));
    expect(hits['/logo.svg'] ?? 0).toBe(before);
    expect((await api('owner', 'GET', `/api/merchants/${id}`)).json.data.branding.logo.sha256).toBe(sha256(PNG));
  });

  it('a cross-site request with the session cookie → 403 forbidden_origin, nothing changes', async () => {
    const { id } = await createMerchant();
    const response = await vault.call('PUT', `/api/merchants/${id}`, {
      key: null,
      json: { branding: STYLE },
      headers: { cookie: `vault_session=${tokens.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
    expect((await api('owner', 'GET', `/api/merchants/${id}`)).json.data.branding).toBeNull();
  });

  it('the logo is public (the checkout shows it to every customer): no credential needed, none used', async () => {
    const { id } = await createMerchant();
    await putBranding(id, { logo: upload(PNG) });
    const response = await fetch(`${vault.url}${logoPathOf(id, PNG)}`, { headers: { cookie: 'vault_session=nonsense' } });
    expect(response.status).toBe(200);
  });
});
