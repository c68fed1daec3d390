// Exercises the PSP dispatcher against HTTPS servers on 127.0.0.1 only, with a certificate made for the
// run. Nothing here may send traffic anywhere but loopback; resolver fakes never connect.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type LookupFunction } from 'node:net';
import { type Agent, errors } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeLocalhostCertificate } from '../../tests/helpers/self-signed';
import { messages, VaultError } from '../core/errors';
import {
  classifyProxyFailure,
  createAddressCheckingLookup,
  createPspDispatcher,
  REFUSED_ADDRESS_CODE,
  RefusedAddressError,
} from './dispatcher';
import { normaliseAllowList } from './proxy-url';

const TIMEOUT_MS = 300;

let certificate: string;
let server: Server;
let port: number;
const requestedPaths: string[] = [];
let tlsConnections = 0;

beforeAll(async () => {
  const made = makeLocalhostCertificate();
  certificate = made.cert;
  const key = made.key;
  server = createHttpsServer({ key, cert: certificate }, (request, response) => {
    requestedPaths.push(request.url ?? '');
    switch (request.url) {
      case '/hang': // never answers
        return;
      case '/stall-body': // headers, then silence
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('partial');
        return;
      case '/redirect':
        response.writeHead(302, { location: `https://localhost:${port}/target` });
        response.end();
        return;
      default:
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('hello from the psp');
    }
  });
  server.on('secureConnection', () => tlsConnections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function dispatcher(allowedPrivateHosts: string[], extra: { ca?: string | null } = {}): Agent {
  return createPspDispatcher({
    allowedPrivateHosts: normaliseAllowList(allowedPrivateHosts),
    timeoutMs: TIMEOUT_MS,
    ...(extra.ca === null ? {} : { ca: extra.ca ?? certificate }),
  });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

async function closedLoopbackPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: freed } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return freed;
}

function requestsTo(path: string): number {
  return requestedPaths.filter((p) => p === path).length;
}

describe('createPspDispatcher against loopback', () => {
  it('refuses a host name that resolves to loopback when it is not allow-listed', async () => {
    const agent = dispatcher([]);
    try {
      const before = requestedPaths.length;
      const error = await failureOf(agent.request({ origin: `https://localhost:${port}`, path: '/', method: 'GET' }));
      expect(error).toMatchObject({ code: REFUSED_ADDRESS_CODE });
      expect(classifyProxyFailure(error)).toMatchObject({ code: 'invalid_proxy_url', status: 400 });
      expect(requestedPaths.length).toBe(before);
    } finally {
      await agent.close();
    }
  });

  it.each(['127.0.0.1', '[::1]', '[::ffff:7f00:1]'])(
    'refuses the non-public IP literal %s before connecting',
    async (literal) => {
      const agent = dispatcher([]);
      try {
        const before = requestedPaths.length;
        const error = await failureOf(agent.request({ origin: `https://${literal}:${port}`, path: '/', method: 'GET' }));
        expect(error).toBeInstanceOf(RefusedAddressError);
        expect(classifyProxyFailure(error).code).toBe('invalid_proxy_url');
        expect(requestedPaths.length).toBe(before);
      } finally {
        await agent.close();
      }
    },
  );

  it('reaches an allow-listed host name and returns the body', async () => {
    const agent = dispatcher(['LOCALHOST']);
    try {
      const response = await agent.request({ origin: `https://localhost:${port}`, path: '/pay', method: 'POST', body: '{}' });
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe('hello from the psp');
    } finally {
      await agent.close();
    }
  });

  it('reaches an allow-listed IP literal', async () => {
    const agent = dispatcher(['127.1']);
    try {
      const response = await agent.request({ origin: `https://127.0.0.1:${port}`, path: '/', method: 'GET' });
      expect(await response.body.text()).toBe('hello from the psp');
    } finally {
      await agent.close();
    }
  });

  it('keeps the connection alive and reuses it', async () => {
    const agent = dispatcher(['localhost']);
    try {
      const before = tlsConnections;
      for (let i = 0; i < 3; i++) {
        const response = await agent.request({ origin: `https://localhost:${port}`, path: '/', method: 'GET' });
        await response.body.text();
        // undici marks the socket idle a tick after the body ends; without this a second socket opens.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(tlsConnections - before).toBe(1);
    } finally {
      await agent.close();
    }
  });

  it('returns a 302 as is, without following it', async () => {
    const agent = dispatcher(['localhost']);
    try {
      const response = await agent.request({ origin: `https://localhost:${port}`, path: '/redirect', method: 'GET' });
      await response.body.dump();
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`https://localhost:${port}/target`);
      expect(requestsTo('/target')).toBe(0);
    } finally {
      await agent.close();
    }
  });

  it('times out when the server never sends headers', async () => {
    const agent = dispatcher(['localhost']);
    try {
      const started = Date.now();
      const error = await failureOf(agent.request({ origin: `https://localhost:${port}`, path: '/hang', method: 'GET' }));
      expect(error).toBeInstanceOf(errors.HeadersTimeoutError);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(classifyProxyFailure(error)).toMatchObject({ code: 'proxy_timeout', status: 504 });
    } finally {
      await agent.destroy();
    }
  });

  it('times out when the body stalls', async () => {
    const agent = dispatcher(['localhost']);
    try {
      const response = await agent.request({ origin: `https://localhost:${port}`, path: '/stall-body', method: 'GET' });
      const error = await failureOf(response.body.text());
      expect(error).toBeInstanceOf(errors.BodyTimeoutError);
      expect(classifyProxyFailure(error).code).toBe('proxy_timeout');
    } finally {
      await agent.destroy();
    }
  });

  it('reports a refused connection on an allow-listed address as proxy_failed', async () => {
    const closedPort = await closedLoopbackPort();
    const agent = dispatcher(['127.0.0.1']);
    try {
      const error = await failureOf(agent.request({ origin: `https://127.0.0.1:${closedPort}`, path: '/', method: 'GET' }));
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(classifyProxyFailure(error)).toMatchObject({ code: 'proxy_failed', status: 502 });
    } finally {
      await agent.close();
    }
  });

  it("logs a connection's own 'error' event instead of letting it end the process", async () => {
    // undici emits 'error' on its Client when failing a request throws in turn (here: the handler's
    // onError). Without a listener that is an uncaught exception.
    const closedPort = await closedLoopbackPort();
    const warn = vi.fn();
    const agent = createPspDispatcher({ allowedPrivateHosts: normaliseAllowList(['127.0.0.1']), timeoutMs: TIMEOUT_MS, ca: certificate, logger: { warn } });
    try {
      const failedHandler = new Error('handler failed');
      agent.dispatch(
        { origin: `https://127.0.0.1:${closedPort}`, path: '/', method: 'GET' },
        {
          onConnect() {},
          onHeaders: () => true,
          onData: () => true,
          onComplete() {},
          onError() {
            throw failedHandler;
          },
        },
      );
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
      expect(warn).toHaveBeenCalledWith({ err: { name: 'Error', code: undefined } }, 'PSP connection error');
    } finally {
      await agent.close();
    }
  });

  it('verifies certificates: an untrusted one is proxy_failed', async () => {
    const agent = dispatcher(['localhost'], { ca: null });
    try {
      const error = await failureOf(agent.request({ origin: `https://localhost:${port}`, path: '/', method: 'GET' }));
      expect(error).toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
      expect(classifyProxyFailure(error).code).toBe('proxy_failed');
    } finally {
      await agent.close();
    }
  });
});

type LookupAnswer = { error: NodeJS.ErrnoException | null; address: unknown; family?: number };

function callLookup(lookup: LookupFunction, hostname: string, options: LookupOptions): Promise<LookupAnswer> {
  return new Promise((resolve) => {
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family }));
  });
}

function fakeResolver(addresses: LookupAddress[]) {
  return (_hostname: string, _options: unknown, callback: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) =>
    callback(null, addresses);
}

describe('createAddressCheckingLookup', () => {
  const publicAnswer: LookupAddress[] = [
    { address: '2606:4700:4700::1111', family: 6 },
    { address: '1.1.1.1', family: 4 },
  ];

  it('answers with every address when asked for all', async () => {
    const lookup = createAddressCheckingLookup(new Set(), fakeResolver(publicAnswer));
    expect(await callLookup(lookup, 'psp.example', { all: true })).toEqual({
      error: null,
      address: publicAnswer,
      family: undefined,
    });
  });

  it('answers with the first address and its family when asked for one', async () => {
    const lookup = createAddressCheckingLookup(new Set(), fakeResolver(publicAnswer));
    expect(await callLookup(lookup, 'psp.example', {})).toEqual({
      error: null,
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it.each([
    [[{ address: '10.0.0.1', family: 4 }]],
    [[{ address: '1.1.1.1', family: 4 }, { address: '169.254.169.254', family: 4 }]],
    [[{ address: '2606:4700:4700::1111', family: 6 }, { address: '::ffff:127.0.0.1', family: 6 }]],
    [[{ address: '64:ff9b::a00:1', family: 6 }]],
  ] as LookupAddress[][][])('refuses an answer containing any non-public address: %j', async (answer) => {
    const lookup = createAddressCheckingLookup(new Set(), fakeResolver(answer));
    for (const options of [{ all: true }, {}]) {
      const { error } = await callLookup(lookup, 'rebind.example', options);
      expect(error).toBeInstanceOf(RefusedAddressError);
      expect(error?.code).toBe(REFUSED_ADDRESS_CODE);
    }
  });

  it('lets an allow-listed host resolve to private addresses', async () => {
    const privateAnswer = [{ address: '10.0.0.7', family: 4 }];
    const lookup = createAddressCheckingLookup(normaliseAllowList(['PSP.internal']), fakeResolver(privateAnswer));
    expect(await callLookup(lookup, 'psp.internal', {})).toMatchObject({ error: null, address: '10.0.0.7' });
  });

  it('passes resolver errors through and treats an empty answer as not found', async () => {
    const failure: NodeJS.ErrnoException = Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    const failing = createAddressCheckingLookup(new Set(), (_h, _o, callback) => callback(failure, []));
    expect((await callLookup(failing, 'psp.example', {})).error).toBe(failure);
    const empty = createAddressCheckingLookup(new Set(), fakeResolver([]));
    expect((await callLookup(empty, 'psp.example', { all: true })).error?.code).toBe('ENOTFOUND');
  });

  it('hands the requested family and hints to the resolver', async () => {
    const seen: unknown[] = [];
    const lookup = createAddressCheckingLookup(new Set(), (_h, options, callback) => {
      seen.push(options);
      callback(null, [{ address: '1.1.1.1', family: 4 }]);
    });
    await callLookup(lookup, 'psp.example', { family: 4, hints: 32, all: true });
    expect(seen).toEqual([{ family: 4, hints: 32 }]);
  });

  it('refuses localhost through the real resolver, in both answer shapes', async () => {
    const lookup = createAddressCheckingLookup(new Set());
    for (const options of [{ all: true }, {}]) {
      expect((await callLookup(lookup, 'localhost', options)).error?.code).toBe(REFUSED_ADDRESS_CODE);
    }
    // Sanity check that the answer above was really loopback.
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup('localhost', { all: true }, (error, all) => (error ? reject(error) : resolve(all))),
    );
    expect(addresses.length).toBeGreaterThan(0);
  });
});

describe('classifyProxyFailure', () => {
  const refused = new RefusedAddressError('internal.example');
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each<[string, unknown]>([
    ['HeadersTimeoutError', new errors.HeadersTimeoutError()],
    ['BodyTimeoutError', new errors.BodyTimeoutError()],
    ['ConnectTimeoutError', new errors.ConnectTimeoutError()],
    ['an AbortSignal.timeout reason', new DOMException('The operation timed out.', 'TimeoutError')],
    ['fetch wrapping a headers timeout', new TypeError('fetch failed', { cause: new errors.HeadersTimeoutError() })],
    ['ETIMEDOUT', withCode('connect ETIMEDOUT 192.0.2.1:443', 'ETIMEDOUT')],
    ['an AggregateError of ETIMEDOUT', new AggregateError([withCode('connect ETIMEDOUT', 'ETIMEDOUT')], 'all failed')],
  ])('maps %s to proxy_timeout', (_label, error) => {
    const mapped = classifyProxyFailure(error);
    expect(mapped).toBeInstanceOf(VaultError);
    expect(mapped).toMatchObject({ code: 'proxy_timeout', status: 504, message: messages.proxyTimeout });
  });

  it.each<[string, unknown]>([
    ['the refusal itself', refused],
    ['a refusal wrapped by fetch', new TypeError('fetch failed', { cause: refused })],
    ['a refusal deep in the chain', new Error('a', { cause: new Error('b', { cause: new Error('c', { cause: refused }) }) })],
    ['a plain object with the code', { code: REFUSED_ADDRESS_CODE }],
  ])('maps %s to invalid_proxy_url', (_label, error) => {
    expect(classifyProxyFailure(error)).toMatchObject({
      code: 'invalid_proxy_url',
      status: 400,
      message: messages.invalidProxyUrl,
    });
  });

  it.each<[string, unknown]>([
    ['ECONNREFUSED', withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED')],
    ['ECONNRESET (socket hang up)', withCode('socket hang up', 'ECONNRESET')],
    ['a TLS verification error', withCode('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT')],
    ['an undici SocketError', new errors.SocketError('other side closed')],
    ['ENOTFOUND', withCode('getaddrinfo ENOTFOUND psp.example', 'ENOTFOUND')],
    ['a plain abort', new DOMException('This operation was aborted', 'AbortError')],
    ['a string', 'boom'],
    ['undefined', undefined],
    ['null', null],
  ])('maps %s to proxy_failed', (_label, error) => {
    expect(classifyProxyFailure(error)).toMatchObject({ code: 'proxy_failed', status: 502, message: messages.proxyFailed });
  });

  it('survives a cyclic cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(classifyProxyFailure(a).code).toBe('proxy_failed');
  });

  it('returns a VaultError unchanged', () => {
    const original = new VaultError('invalid_proxy_url', messages.invalidProxyUrl);
    expect(classifyProxyFailure(original)).toBe(original);
  });
});
