import { describe, expect, it } from 'vitest';
import { DESTINATIONS_FIX, describeDestinations } from './check-destinations';

const live = { id: '6b0d1c52-8f0e-4c3e-9a57-2f4f1e0b7d11', name: 'Live shop', environment: 'production' as const, listed: false };
const sandbox = { id: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', name: 'Sandbox', environment: 'test' as const, listed: false };

describe('describeDestinations', () => {
  it('warns naming each production project without a list, with the fix', () => {
    const listed = { ...live, id: '11111111-1111-4111-8111-111111111111', name: 'Listed', listed: true };
    expect(describeDestinations([live, sandbox, listed], false)).toEqual({
      name: 'destinations',
      status: 'warn',
      detail: `1 project(s) send card data nowhere until allowed_proxy_hosts names a host: "Live shop" (production, ${live.id})`,
      fix: DESTINATIONS_FIX,
    });
  });

  it('with PROXY_REQUIRE_ALLOW_LIST, names test projects without a list too', () => {
    expect(describeDestinations([live, sandbox], true).detail).toBe(
      `2 project(s) send card data nowhere until allowed_proxy_hosts names a host: "Live shop" (production, ${live.id}), "Sandbox" (test, ${sandbox.id})`,
    );
  });

  it('ok when no project needs a list it lacks', () => {
    expect(describeDestinations([sandbox, { ...live, listed: true }], false)).toMatchObject({ status: 'ok' });
    expect(describeDestinations([], false)).toMatchObject({ status: 'ok' });
  });
});
