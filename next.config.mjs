// Next.js config for the pages (landing, later dashboard and checkout) and the second door of the vault API
// (app/**/route.ts re-exporting lib/api handlers). The production server (lib/server/main.ts) runs Next
// in-process and answers the hot vault paths itself, so nothing here may assume Next sees every request.
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Packages Next must not bundle: native addons, WebAssembly loaded from disk, worker threads, or modules
 * that must be the very same instance the custom server loaded (lib/runtime/shared.ts shares one database handle
 * and one store through globalThis; a bundled second copy of a driver would not understand the first's
 * objects). Resolved from node_modules at run time with Node's own loader.
 */
const serverExternalPackages = [
  // Database: Prisma 7 client runtime, driver adapters, embedded PostgreSQL (WASM + data files on disk).
  '@prisma/client',
  '@prisma/adapter-pg',
  '@prisma/driver-adapter-utils',
  '@prisma/schema-engine-wasm',
  '@electric-sql/pglite',
  'pglite-prisma-adapter',
  'pg',
  // Native argon2 binding.
  '@node-rs/argon2',
  // Store, outbound PSP HTTP client (our own connect-time address checks), logging (worker threads).
  'ioredis',
  'undici',
  'pino',
  'thread-stream',
  // Metrics: one prom-client for both doors (the registry itself is shared through globalThis).
  'prom-client',
  // Build-time tools lib/ may reach (the CLI builds itself with esbuild); never bundle a bundler.
  'esbuild',
];

/**
 * Strict-Transport-Security when the public URL is https (the same value as lib/server/create-server.ts).
 * The production server sets it on every response itself, both doors, from APP_URL at start; this covers
 * Next run on its own (`next start`), where these headers are fixed when the app is built: APP_URL as set
 * for the build. Never for http (development), where it would pin a browser to https on localhost.
 */
const hstsHeaders = /^https:\/\//i.test(process.env.APP_URL ?? '')
  ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }]
  : [];

/** Headers for every response Next serves. API responses from the fast door never pass through here. */
const commonHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), browsing-topics=()' },
  ...hstsHeaders,
];

/** Every page but the hosted checkout: never framed, no opener across origins. */
const pageHeaders = [
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/**
 * The hosted checkout page (/checkout/{sessionId}): it is opened as a popup or a new tab by the merchant's
 * page and reports back through `window.opener`, which `same-origin` COOP would sever; its URL (the session
 * id) is never sent as a referrer. Its Content-Security-Policy (per-request nonce, frame-ancestors from the
 * session) and X-Frame-Options (DENY unless an iframe session) are set per request by the production server
 * before it hands the request to Next (lib/server/checkout-page-headers.ts), because they depend on the session.
 */
const checkoutPageHeaders = [
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'Cross-Origin-Opener-Policy', value: 'unsafe-none' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages,
  // Pin the root so a lockfile in a parent folder never changes module resolution or output tracing.
  // Turbopack resolves the generated Prisma client's `./x.ts` imports as the exact files they name.
  turbopack: { root: projectRoot },
  outputFileTracingRoot: projectRoot,
  // next/image's optimiser would need sharp; pages use plain SVG/CSS assets from public/.
  images: { unoptimized: true },
  async headers() {
    return [
      { source: '/:path*', headers: commonHeaders },
      // Everything except /checkout/… (the negative look-ahead also lets `/` through).
      { source: '/:path((?!checkout/).*)', headers: pageHeaders },
      { source: '/checkout/:path*', headers: checkoutPageHeaders },
    ];
  },
};

export default nextConfig;
