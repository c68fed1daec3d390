import { describe, expect, it } from 'vitest';
import { checkAppUrl } from './check-app-url';

const urls = (APP_URL: string, CHECKOUT_URL = APP_URL) => ({ APP_URL, CHECKOUT_URL });

describe('checkAppUrl', () => {
  it('outside production anything parses: ok', () => {
    expect(checkAppUrl({ NODE_ENV: undefined, ...urls('http://localhost:3000') }).status).toBe('ok');
  });

  it('production: https is ok; plain http is a FAIL naming the variable', () => {
    expect(checkAppUrl({ NODE_ENV: 'production', ...urls('https://vault.example.com') }).status).toBe('ok');
    expect(checkAppUrl({ NODE_ENV: 'production', ...urls('http://vault.example.com') })).toMatchObject({ status: 'fail', fix: 'serve the vault behind TLS and set APP_URL=https://…' });
    expect(checkAppUrl({ NODE_ENV: 'production', ...urls('https://vault.example.com', 'http://pay.example.com') })).toMatchObject({ status: 'fail', detail: expect.stringMatching(/^CHECKOUT_URL is http:\/\/pay\.example\.com/) });
  });

  it('production on localhost (APP_URL left unset): warn', () => {
    expect(checkAppUrl({ NODE_ENV: 'production', ...urls('http://localhost:3000') })).toMatchObject({ status: 'warn', fix: "set APP_URL to the vault's public https URL" });
  });
});
