// GET / — landing page: what Vault is, live status, quick start, the API at a glance, and links to the guides.
import type { ReactNode } from 'react';
import { CodeBlock } from '../components/code-block';
import { Logo } from '../components/logo';
import { StatusPanel, type Check, type ServiceStatus } from '../components/status-panel';
import { getConfig } from '../lib/config';
import { GUIDES, guidePath } from '../lib/guides/guides';
import { checkReadiness } from '../lib/runtime/check-readiness';
import { getRuntime } from '../lib/runtime/shared';

// Live status on every request; never prerendered at build time (that would open a database).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const DATABASE_KINDS: Record<string, string> = { pglite: 'Embedded PostgreSQL (PGlite)', postgresql: 'PostgreSQL' };
const STORE_KINDS: Record<string, string> = { memory: 'In-process store', redis: 'Redis' };

async function loadStatus(): Promise<ServiceStatus> {
  const body = await checkReadiness();
  const kinds = await getRuntime().then(
    (services) => ({ database: DATABASE_KINDS[services.db.kind], store: STORE_KINDS[services.store.kind] }),
    () => ({ database: undefined, store: undefined }),
  );
  return {
    api: 'ok',
    database: body.checks.database,
    store: body.checks.store,
    databaseKind: kinds.database ?? 'Not connected',
    storeKind: kinds.store ?? 'Not connected',
    checkedAt: new Date().toISOString(),
  };
}

function baseUrl(): string {
  try {
    return getConfig().APP_URL;
  } catch {
    return 'http://localhost:3000';
  }
}

const ENDPOINTS: [method: string, path: string, purpose: string][] = [
  ['POST', '/tokenize', 'Vault card or bank data, get a token (and a CVC session when a CVV is sent)'],
  ['POST', '/proxy/transaction', 'Forward a request to your PSP with the real data injected'],
  ['POST', '/test-tokens', 'A test card token with a one-year CVC session'],
  ['POST', '/detokenize', 'Reveal a token’s stored fields (never the CVV)'],
  ['DELETE', '/proxy/delete-cvc-session/{session_id}', 'Forget a CVC session without using it'],
  ['GET', '/api/applications/key', 'Verify an API key and list its permissions'],
];

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Envelope encryption',
    text: 'AES-256-GCM with per-project data keys, wrapped by a master key kept outside the database. Keyed fingerprints deduplicate cards.',
    icon: (
      <>
        <rect x="5" y="11" width="14" height="9" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </>
    ),
  },
  {
    title: 'CVV never at rest',
    text: 'Security codes live only in the volatile store, encrypted, for 90 seconds, and are deleted the moment they are used.',
    icon: (
      <>
        <circle cx="12" cy="13" r="7" />
        <path d="M12 9.5V13l2.5 1.5M10 3h4" />
      </>
    ),
  },
  {
    title: 'Guarded PSP proxy',
    text: 'HTTPS only. Hosts that resolve to private, loopback or link-local addresses are refused at connect time, redirects included.',
    icon: <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />,
  },
  {
    title: 'Self-hosted, zero setup',
    text: 'Embedded PostgreSQL and an in-process store by default. Point it at PostgreSQL and Redis when you run several nodes.',
    icon: (
      <>
        <ellipse cx="12" cy="6" rx="7" ry="3" />
        <path d="M5 6v12c0 1.66 3.13 3 7 3s7-1.34 7-3V6M5 12c0 1.66 3.13 3 7 3s7-1.34 7-3" />
      </>
    ),
  },
];

export default async function HomePage() {
  const status = await loadStatus();
  const url = baseUrl();
  const steps: { title: string; text: ReactNode; code: string; label: string; response?: string }[] = [
    {
      title: 'Start the vault',
      label: 'Terminal',
      text: (
        <>
          The first start creates the embedded database under <Mono>./data</Mono>, an owner account and a test application, and
          prints its API key <strong className="font-medium text-zinc-200">once</strong>. Keep it: only its hash is stored.
        </>
      ),
      code: [
        'npm install && npm start',
        '',
        '# from the one-time banner:',
        'export VAULT_API_KEY=vk_test_…',
        '',
        `curl -s ${url}/api/applications/key \\`,
        `  -H "X-API-Key: $VAULT_API_KEY"`,
      ].join('\n'),
    },
    {
      title: 'Tokenize a card',
      label: 'POST /tokenize',
      text: (
        <>
          Send card data once, with your key in <Mono>X-API-Key</Mono>. You get a <Mono>token</Mono> to store and, when a CVV was sent,
          a short-lived <Mono>cvc_session_id</Mono>.
        </>
      ),
      code: [
        `curl -s -X POST ${url}/tokenize \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H "X-API-Key: $VAULT_API_KEY" \\`,
        `  -d '{"type":"card","data":{"cardNumber":"4242424242424242",`,
        `       "expirationMonth":"12","expirationYear":"2030","cvv":"123"}}'`,
      ].join('\n'),
      response: [
        '{ "success": true,',
        '  "token": "tok_tW4nW3Ud228Cj30adTfAj52j",',
        '  "cvc_session_id": "5ccf6d75-98dd-4ec6-a93f-24332601eba8",',
        '  "mask": "424242******4242", "brand": "visa", "test_mode": true, … }',
      ].join('\n'),
    },
    {
      title: 'Charge through the proxy',
      label: 'POST /proxy/transaction',
      text: (
        <>
          Write your PSP request with placeholders such as <Mono>{'${cardNumber}'}</Mono> and <Mono>{'${cvv}'}</Mono>. Vault fills them
          in and forwards it over HTTPS; your servers never see the card number.
        </>
      ),
      code: [
        `curl -s -X POST ${url}/proxy/transaction \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H "X-API-Key: $VAULT_API_KEY" \\`,
        `  -d '{"token":"<token>","cvc_session_id":"<cvc_session_id>",`,
        `       "proxy_url":"https://api.psp.example/charges",`,
        `       "request_data":{"amount":1999,"card":{"number":"\${cardNumber}",`,
        `         "exp":"\${expirationMonth}/\${expirationYear}","cvc":"\${cvv}"}}}'`,
      ].join('\n'),
    },
  ];

  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(60%_60%_at_50%_0%,rgba(16,185,129,0.18),transparent_70%)]"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgba(255,255,255,0.03)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.03)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_65%)]"
      />

      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <a href="/" aria-label="Vault home">
          <Logo />
        </a>
        {/* Phones keep the API reference and sign-in; the in-page anchors and the raw document are one scroll or click away. */}
        <nav className="flex items-center gap-1 text-sm whitespace-nowrap">
          <a href="#quick-start" className="hidden rounded-md px-3 py-1.5 text-zinc-400 transition hover:text-white md:block">
            Quick start
          </a>
          <a href="#api" className="hidden rounded-md px-3 py-1.5 text-zinc-400 transition hover:text-white md:block">
            API
          </a>
          <a href="#guides" className="hidden rounded-md px-3 py-1.5 text-zinc-400 transition hover:text-white md:block">
            Guides
          </a>
          <a href="/docs" className="rounded-md px-3 py-1.5 text-zinc-400 transition hover:text-white">
            API reference
          </a>
          <a
            href="/openapi.json"
            className="ml-2 hidden rounded-md border border-white/10 px-3 py-1.5 font-medium text-zinc-200 transition hover:border-white/20 hover:bg-white/5 sm:block"
          >
            openapi.json
          </a>
          <a href="/login" className="ml-2 rounded-md bg-emerald-400 px-3 py-1.5 font-semibold text-emerald-950 transition hover:bg-emerald-300">
            Sign in
          </a>
        </nav>
      </header>

      <main className="mx-auto max-w-6xl px-6">
        <section className="grid items-center gap-12 pt-14 pb-20 lg:grid-cols-[1.15fr_1fr] lg:pt-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-emerald-400/20 bg-emerald-400/5 px-3 py-1 text-xs font-medium text-emerald-300">
              Self-hostable card &amp; bank data vault
            </p>
            <h1 className="mt-6 text-5xl font-semibold tracking-tight text-balance text-white sm:text-6xl">
              Card data in.
              <br />
              <span className="bg-gradient-to-r from-emerald-300 to-teal-400 bg-clip-text text-transparent">Tokens out.</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-zinc-400">
              Vault stores card and bank data encrypted and hands you a token. When you charge, it injects the real data into your
              request to the payment processor, so your servers never touch a raw card number again.
            </p>
            <div className="mt-9 flex flex-wrap items-center gap-3">
              <a
                href="#quick-start"
                className="rounded-lg bg-emerald-400 px-4 py-2.5 text-sm font-semibold text-emerald-950 shadow-lg shadow-emerald-500/20 transition hover:bg-emerald-300"
              >
                Quick start
              </a>
              <a
                href="/openapi.json"
                className="rounded-lg border border-white/10 bg-white/5 px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-white/10"
              >
                OpenAPI document <span aria-hidden>→</span>
              </a>
            </div>
          </div>
          <StatusPanel initial={status} />
        </section>

        <section aria-label="Security" className="grid gap-4 border-t border-white/5 py-16 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <div key={feature.title} className="rounded-xl border border-white/5 bg-white/[0.02] p-5">
              <svg
                viewBox="0 0 24 24"
                aria-hidden
                className="size-9 rounded-lg bg-emerald-400/10 p-2 text-emerald-300"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.75}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {feature.icon}
              </svg>
              <h3 className="mt-4 text-sm font-semibold text-white">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-zinc-400">{feature.text}</p>
            </div>
          ))}
        </section>

        <section id="quick-start" aria-labelledby="quick-start-title" className="scroll-mt-8 border-t border-white/5 py-16">
          <h2 id="quick-start-title" className="text-2xl font-semibold tracking-tight text-white">
            Quick start
          </h2>
          <p className="mt-2 text-zinc-400">Three requests from a fresh install to a charge that never touched your servers.</p>
          <ol className="mt-10 space-y-10">
            {steps.map((step, index) => (
              <li key={step.title} className="grid gap-5 lg:grid-cols-[1fr_1.6fr] lg:gap-10">
                <div className="flex gap-4">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full border border-emerald-400/30 bg-emerald-400/10 text-xs font-semibold text-emerald-300">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-white">{step.title}</h3>
                    <p className="mt-2 text-sm leading-relaxed text-zinc-400">{step.text}</p>
                  </div>
                </div>
                <div className="min-w-0 space-y-3">
                  <CodeBlock title={step.label} code={step.code} />
                  {step.response && <CodeBlock title="201 Created" code={step.response} />}
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section id="api" aria-labelledby="api-title" className="scroll-mt-8 border-t border-white/5 py-16">
          <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
            <h2 id="api-title" className="text-2xl font-semibold tracking-tight text-white">
              The API at a glance
            </h2>
            <a href="/docs" className="text-sm font-medium text-emerald-300 hover:text-emerald-200">
              Full API reference <span aria-hidden>→</span>
            </a>
          </div>
          <p className="mt-2 text-zinc-400">
            Every call takes your key in <Mono>X-API-Key</Mono>. No version prefix; every error is{' '}
            <Mono>{'{ success: false, error: { code, message }, request_id }'}</Mono>.
          </p>
          <div className="mt-8 overflow-hidden rounded-xl border border-white/10">
            <table className="w-full text-left text-sm">
              <tbody className="divide-y divide-white/5">
                {ENDPOINTS.map(([method, path, purpose]) => (
                  <tr key={`${method} ${path}`} className="bg-white/[0.015] transition hover:bg-white/[0.04]">
                    <td className="w-24 py-3 pr-2 pl-5 align-top">
                      <MethodBadge method={method} />
                    </td>
                    <td className="py-3 pr-4 align-top font-mono text-[13px] whitespace-nowrap text-zinc-100">{path}</td>
                    <td className="hidden py-3 pr-5 align-top text-zinc-400 md:table-cell">{purpose}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section id="guides" aria-labelledby="guides-title" className="scroll-mt-8 border-t border-white/5 py-16">
          <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
            <h2 id="guides-title" className="text-2xl font-semibold tracking-tight text-white">
              Guides
            </h2>
            <a href={guidePath(null)} className="text-sm font-medium text-emerald-300 hover:text-emerald-200">
              Start with the README <span aria-hidden>→</span>
            </a>
          </div>
          <p className="mt-2 text-zinc-400">
            One topic each, rendered here from the same Markdown as the repository&apos;s <Mono>docs/</Mono> folder.
          </p>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {GUIDES.map((guide) => (
              <li key={guide.name}>
                <a
                  href={guidePath(guide.name)}
                  className="block h-full rounded-xl border border-white/5 bg-white/[0.02] p-5 transition hover:border-white/15 hover:bg-white/[0.04]"
                >
                  <span className="text-sm font-semibold text-white">{guide.title}</span>
                  <span className="mt-2 block text-sm leading-relaxed text-zinc-400">{guide.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t border-white/5">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-8 text-xs text-zinc-500">
          <span>Vault · self-hosted · Apache-2.0</span>
          <span className="flex gap-5 font-mono">
            <a className="hover:text-zinc-300" href="/guides">/guides</a>
            <a className="hover:text-zinc-300" href="/docs">/docs</a>
            <a className="hover:text-zinc-300" href="/openapi.json">/openapi.json</a>
            <a className="hover:text-zinc-300" href="/health">/health</a>
            <a className="hover:text-zinc-300" href="/ready">/ready</a>
          </span>
        </div>
      </footer>
    </div>
  );
}

function Mono({ children }: { children: ReactNode }) {
  return <code className="rounded bg-white/5 px-1.5 py-0.5 font-mono text-[0.85em] text-zinc-200">{children}</code>;
}

const METHOD_STYLES: Record<string, string> = {
  GET: 'bg-sky-400/10 text-sky-300 ring-sky-400/20',
  POST: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/20',
  DELETE: 'bg-rose-400/10 text-rose-300 ring-rose-400/20',
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span className={`inline-block rounded-md px-2 py-0.5 font-mono text-[11px] font-semibold ring-1 ring-inset ${METHOD_STYLES[method] ?? ''}`}>
      {method}
    </span>
  );
}
