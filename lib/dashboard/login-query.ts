// What /login accepts in its query: `callbackUrl` alone. Credentials must never be rendered from (or stay
// in) the address bar, history or a proxy's log: a request carrying anything else is redirected to the
// clean URL. (The form itself posts and is inert until hydrated, so it never puts them there.)
import { DASHBOARD_HOME } from './safe-callback-path';

export function loginQueryIsClean(query: Record<string, string | string[] | undefined>): boolean {
  return Object.entries(query).every(([name, value]) => name === 'callbackUrl' && typeof value === 'string');
}

/** /login, with the (already safe) callback path when it is not the dashboard's home. */
export function loginPath(callbackUrl: string): string {
  return callbackUrl === DASHBOARD_HOME ? '/login' : `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
