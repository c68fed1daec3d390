// A merchant's Next.js shop for the e2e tests of `vault/react` (playwright.config.ts runs it with `next dev`
// on its own origin, http://localhost:$MERCHANT_NEXT_PORT). Its page asks the merchant test site's backend
// (e2e/merchant-site) for a collect session and mounts the card fields with the React wrapper.
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export default {
  reactStrictMode: true,
  // The wrapper is imported from the repository's public/ (the `vault/react` file): resolve from its root.
  turbopack: { root: repositoryRoot },
  outputFileTracingRoot: repositoryRoot,
  devIndicators: false,
};
