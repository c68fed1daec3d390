import { describe, expect, it } from 'vitest';
import { normaliseAllowList } from '../proxy/proxy-url';
import { endpointUrlProblem } from './endpoint-url';

const LITERAL = 'url must name a host, not an IP address (unless allow-listed in PROXY_ALLOWED_PRIVATE_HOSTS)';
const test = (allowList: string[]) => ({ environment: 'test' as const, allowedPrivateHosts: normaliseAllowList(allowList) });

describe('endpointUrlProblem', () => {
  it('plain http to localhost is a test project receiver', () => {
    expect(endpointUrlProblem('http://localhost:4000/hooks', test(['localhost']))).toBeNull();
    expect(endpointUrlProblem('http://localhost:4000/hooks', { ...test(['localhost']), environment: 'production' })).toBe('url must use https in a production project (plain http to localhost is for test projects)');
  });

  // The dispatcher refuses a loopback address at connect time unless that literal is allow-listed, so an
  // endpoint at http://127.0.0.1 with only `localhost` allow-listed would fail every delivery, silently.
  it('plain http to a loopback IP literal needs that literal allow-listed, like an https IP literal', () => {
    expect(endpointUrlProblem('http://127.0.0.1:4000/hooks', test(['localhost']))).toBe(LITERAL);
    expect(endpointUrlProblem('http://[::1]:4000/hooks', test(['localhost']))).toBe(LITERAL);
    expect(endpointUrlProblem('http://127.0.0.1:4000/hooks', test(['127.0.0.1']))).toBeNull();
    expect(endpointUrlProblem('http://[::1]:4000/hooks', test(['::1']))).toBeNull();
    expect(endpointUrlProblem('https://127.0.0.1/hooks', test(['localhost']))).toBe(LITERAL);
  });
});
