// The guides: docs/<name>.md, one topic each, and the README as their index. The app renders these same
// files at /guides/{name} and /guides (lib/guides/render-guide.ts), read from the project folder at request
// time, so the repository and the running vault never disagree.

export const GUIDES = [
  { name: 'production', title: 'Running in production', summary: 'Configuration, several nodes, PgBouncer, Redis HA, capacity, deploying.' },
  { name: 'operations', title: 'Operations', summary: 'The command line, metrics and tracing, backups, key rotation runbooks.' },
  { name: 'api', title: 'The API in short', summary: 'Keys, accounts, the proxy, CVC sessions, idempotency, errors.' },
  { name: 'checkout', title: 'Hosted checkout', summary: 'Merchants, sessions, payment processors, the page and the embed SDK.' },
  { name: 'elements', title: 'Vault Elements', summary: 'Card fields on your own page: collect sessions, fields, styling, submit.' },
  { name: 'testing-your-integration', title: 'Testing your integration', summary: 'vault/testing: Playwright specs for each embed mode and Elements, test cards.' },
  { name: 'webhooks', title: 'Events and webhooks', summary: 'Event types, delivery and retries, verifying signatures.' },
  { name: 'dashboard', title: 'Dashboard', summary: 'The pages, roles, themes and the UI kit.' },
  { name: 'security', title: 'Security', summary: 'The security model: keys, card data, accounts, faults.' },
  { name: 'architecture', title: 'Architecture', summary: 'The layout, adding an endpoint, how the fast path is fast.' },
  { name: 'development', title: 'Development', summary: 'The stack, schema changes, benchmarks.' },
] as const;

export type GuideName = (typeof GUIDES)[number]['name'];

export function isGuideName(name: string): name is GuideName {
  return GUIDES.some((guide) => guide.name === name);
}

/** The in-app path of a guide; `null` is the README (the guides' index). */
export function guidePath(name: GuideName | null): string {
  return name === null ? '/guides' : `/guides/${name}`;
}
