// The shop's server component: its backend asks for a collect session (the merchant site holds the API
// key) for this page's origin, and hands the page only the session id and client secret.
import { ShopForm } from './shop-form';

export const dynamic = 'force-dynamic';

export default async function Page() {
  const origin = `http://localhost:${process.env.MERCHANT_NEXT_PORT}`;
  const response = await fetch(`http://127.0.0.1:${process.env.MERCHANT_PORT}/elements/new-session?parent_origin=${encodeURIComponent(origin)}`, { cache: 'no-store' });
  const session = await response.json();
  if (response.status !== 201) return <pre id="setup-error">{JSON.stringify(session)}</pre>;
  return (
    <main>
      <h1>E2E Coffee Roasters (Next.js)</h1>
      <p>
        Collect session <span id="session-id">{session.id}</span>
      </p>
      <ShopForm session={{ vaultUrl: process.env.CHECKOUT_URL, sessionId: session.id, clientSecret: session.client_secret }} />
    </main>
  );
}
