import { describe, expect, it } from 'vitest';
import { normaliseAllowList } from '../outbound/proxy-url';
import { endpointUrlProblem } from './endpoint-url';

const PUBLIC_LITERAL = 'url must name a host, not an IP address (unless allow-listed in WEBHOOK_ALLOWED_PRIVATE_HOSTS)';
const privateHost = (host: string) => `url must not point at localhost or a private, loopback or link-local address: ${host} is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS`;
const test = (allowList: string[]) => ({ environment: 'test' as const, allowedPrivateHosts: normaliseAllowList(allowList) });

describe('endpointUrlProblem', () => {
  it('plain http to localhost is a test project receiver, once WEBHOOK_ALLOWED_PRIVATE_HOSTS names localhost', () => {
    expect(endpointUrlProblem('http://localhost:4000/hooks', test(['localhost']))).toBeNull();
    expect(endpointUrlProblem('http://localhost:4000/hooks', { ...test(['localhost']), environment: 'production' })).toBe('url must use https in a production project (plain http to localhost is for test projects)');
  });

  it('localhost (any spelling) and private, loopback or link-local literals are refused unless named, in every project', () => {
    for (const environment of ['test', 'production'] as const) {
      const none = { environment, allowedPrivateHosts: normaliseAllowList([]) };
      expect(endpointUrlProblem('https://localhost/hooks', none)).toBe(privateHost('localhost'));
      expect(endpointUrlProblem('https://LOCALHOST.:8443/hooks', none)).toBe(privateHost('localhost.'));
      expect(endpointUrlProblem('https://hooks.localhost/x', none)).toBe(privateHost('hooks.localhost'));
      expect(endpointUrlProblem('https://127.0.0.1/hooks', none)).toBe(privateHost('127.0.0.1'));
      expect(endpointUrlProblem('https://0x7f.1/hooks', none)).toBe(privateHost('127.0.0.1'));
      expect(endpointUrlProblem('https://[::1]/hooks', none)).toBe(privateHost('[::1]'));
      expect(endpointUrlProblem('https://10.0.0.5/x', none)).toBe(privateHost('10.0.0.5'));
      expect(endpointUrlProblem('https://192.168.1.20/x', none)).toBe(privateHost('192.168.1.20'));
      expect(endpointUrlProblem('https://169.254.169.254/latest/meta-data', none)).toBe(privateHost('169.254.169.254'));
      expect(endpointUrlProblem('https://[fe80::1]/x', none)).toBe(privateHost('[fe80::1]'));
      expect(endpointUrlProblem('https://[fd00::1]/x', none)).toBe(privateHost('[fd00::1]'));
      expect(endpointUrlProblem('https://[::ffff:127.0.0.1]/x', none)).toBe(privateHost('[::ffff:7f00:1]'));
      expect(endpointUrlProblem('https://hooks.example.com/x', none)).toBeNull();
    }
  });

  it('a public IP literal still needs naming; a named private host passes', () => {
    expect(endpointUrlProblem('https://93.184.216.34/hooks', test([]))).toBe(PUBLIC_LITERAL);
    expect(endpointUrlProblem('https://10.0.0.5/hooks', test(['10.0.0.5']))).toBeNull();
    expect(endpointUrlProblem('https://localhost:8443/hooks', test(['localhost']))).toBeNull();
  });

  // The dispatcher refuses a loopback address at connect time unless that literal is allow-listed, so an
  // endpoint at http://127.0.0.1 with only `localhost` allow-listed would fail every delivery, silently.
  it('plain http to a loopback IP literal needs that literal named', () => {
    expect(endpointUrlProblem('http://127.0.0.1:4000/hooks', test(['localhost']))).toBe(privateHost('127.0.0.1'));
    expect(endpointUrlProblem('http://[::1]:4000/hooks', test(['localhost']))).toBe(privateHost('[::1]'));
    expect(endpointUrlProblem('http://127.0.0.1:4000/hooks', test(['127.0.0.1']))).toBeNull();
    expect(endpointUrlProblem('http://[::1]:4000/hooks', test(['::1']))).toBeNull();
  });
});
