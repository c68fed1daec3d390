import { afterEach, describe, expect, it } from 'vitest';
import { scrubIds, setSpanRouteTemplates, templatePath } from './route-templates';

afterEach(() => setSpanRouteTemplates([]));

describe('templatePath', () => {
  it('maps a path to the registered template it matches, fixed segments first', () => {
    setSpanRouteTemplates(['/api/applications/{id}', '/api/applications/key', '/proxy/delete-cvc-session/{session_id}']);
    expect(templatePath('/api/applications/key')).toBe('/api/applications/key');
    expect(templatePath('/api/applications/0b6f')).toBe('/api/applications/{id}');
    expect(templatePath('/proxy/delete-cvc-session/8f14e45f-ceea-467f-a0e6-1b1d2f3a4b5c')).toBe('/proxy/delete-cvc-session/{session_id}');
  });

  it('replaces id-shaped segments of paths no template matches (pages)', () => {
    expect(templatePath('/checkout/cs_Zq7Kx2Lm9Np4Rs8Tv1Wy5Ab3')).toBe('/checkout/{sessionId}');
    expect(templatePath('/x/tok_3kT9fQ2xVbN8mWcR5yZ1aH7d/8f14e45f-ceea-467f-a0e6-1b1d2f3a4b5c')).toBe('/x/{token}/{id}');
    expect(templatePath('/x/4242428143964242')).toBe('/x/{token}');
    expect(templatePath('/dashboard/login')).toBe('/dashboard/login');
  });
});

describe('scrubIds', () => {
  it('replaces tokens, checkout session ids and UUIDs anywhere in a text', () => {
    expect(scrubIds('GET /checkout/cs_Zq7Kx2Lm9Np4Rs8Tv1Wy5Ab3 for tok_3kT9fQ2xVbN8mWcR5yZ1aH7d, 8F14E45F-CEEA-467F-A0E6-1B1D2F3A4B5C')).toBe(
      'GET /checkout/{sessionId} for {token}, {id}',
    );
    expect(scrubIds('metrics_requestsTotalOfTheVault123 and docs_page stay')).toBe('metrics_requestsTotalOfTheVault123 and docs_page stay');
  });
});
