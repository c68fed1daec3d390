// The pooled undici Agent every PSP call goes through, and the mapping of its failures to API errors.
// The address check happens inside the socket's own DNS lookup, so the address judged is the address
// connected to: a host name cannot pass a pre-flight check and then rebind to 127.0.0.1.
// No redirect interceptor is installed, so a 3xx from the PSP is returned to the caller, never followed.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { EventEmitter } from 'node:events';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, Client, Pool, type Dispatcher } from 'undici';
import { messages, VaultError } from '../core/errors';
import type { Logger } from '../logger';
import { isRefusedAddress } from './address-policy';
import { isAllowListedHost } from './proxy-url';

export const REFUSED_ADDRESS_CODE = 'VAULT_REFUSED_ADDRESS';

export type PspDispatcherOptions = {
  /**
   * From `normaliseAllowList`: hosts that may resolve to (or be) non-public addresses. The PSP dispatcher
   * gets PROXY_ALLOWED_PRIVATE_HOSTS, the webhook one WEBHOOK_ALLOWED_PRIVATE_HOSTS: never each other's.
   */
  allowedPrivateHosts: ReadonlySet<string>;
  /** Applies separately to connecting (DNS + TCP + TLS), waiting for headers, and each body chunk gap. */
  timeoutMs: number;
  /** Maximum sockets per origin. */
  connections?: number;
  /** Replaces the trusted CAs; for tests only. Production adds CAs with NODE_EXTRA_CA_CERTS instead. */
  ca?: string | Buffer;
  /** Where a connection's own 'error' event is reported (see `guardClient`). */
  logger?: Pick<Logger, 'warn'>;
};

/** Thrown from inside the connection attempt when the target address is not plainly public. */
export class RefusedAddressError extends Error {
  readonly code = REFUSED_ADDRESS_CODE;
  readonly hostname: string;

  constructor(hostname: string) {
    // The host name only: the resolved addresses of internal names are not worth echoing anywhere.
    super(`Refused to connect to ${hostname}: not a public address`);
    this.name = 'RefusedAddressError';
    this.hostname = hostname;
  }
}

export function createPspDispatcher(options: PspDispatcherOptions): Agent {
  const { allowedPrivateHosts, timeoutMs, connections = 128, ca, logger } = options;
  const guard = guardClient(logger);
  const connect = buildConnector({
    timeout: timeoutMs,
    lookup: createAddressCheckingLookup(allowedPrivateHosts),
    ...(ca === undefined ? {} : { ca }),
  });
  return new Agent({
    connections,
    pipelining: 1,
    // Idle sockets are kept briefly: PSP load balancers drop idle connections after 60 s or so, and a
    // POST sent on a socket the server just closed fails without a safe retry. A server's own
    // Keep-Alive hint is honoured up to the maximum.
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: refuseNonPublicLiterals(connect, allowedPrivateHosts),
    // undici's defaults (a Client for one connection, else a Pool of Clients), each Client guarded.
    factory: (origin, factoryOptions) =>
      (factoryOptions as Pool.Options).connections === 1
        ? guard(new Client(origin, factoryOptions as Client.Options))
        : new Pool(origin, { ...(factoryOptions as Pool.Options), factory: (clientOrigin, clientOptions) => guard(new Client(clientOrigin, clientOptions as Client.Options)) }),
  });
}

/**
 * A request's failure reaches its caller (and becomes 502/504). undici emits 'error' on the Client itself
 * only when failing a request throws in turn; with no listener that event would end the process. It is
 * logged instead: name and code, the message only for system errors (any other might quote content).
 */
function guardClient(logger: PspDispatcherOptions['logger']) {
  const onError = (error: unknown) => {
    const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
    logger?.warn({ err: { name, code, ...(typeof code === 'string' ? { message } : {}) } }, 'PSP connection error');
  };
  return (client: Client): Dispatcher => {
    (client as unknown as EventEmitter).on('error', onError);
    return client;
  };
}

type ResolveAll = (
  hostname: string,
  options: { family?: number | 'IPv4' | 'IPv6'; hints?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveWithDns: ResolveAll = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, callback);
};

/**
 * A `lookup` for net/tls.connect that resolves every address of `hostname` and fails with
 * RefusedAddressError if any of them is refused, unless the host is allow-listed. Node calls it with
 * `{ all: true }` when it races address families (autoSelectFamily) and without otherwise; both answer
 * shapes are honoured. `resolve` is replaceable for tests.
 */
export function createAddressCheckingLookup(
  allowedPrivateHosts: ReadonlySet<string>,
  resolve: ResolveAll = resolveWithDns,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, []);
      const first = addresses[0];
      if (!first) return callback(notFoundError(hostname), []);
      // Every address is judged, not only the one used: Node may fall back to any of them.
      if (!isAllowListedHost(hostname, allowedPrivateHosts) && addresses.some((a) => isRefusedAddress(a.address))) {
        return callback(new RefusedAddressError(hostname), []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

type Connector = buildConnector.connector;

// IP literals never reach `lookup`, so they are judged here. parseProxyUrl already refuses them; this
// keeps the dispatcher safe on its own if some caller forgets to.
function refuseNonPublicLiterals(connect: Connector, allowedPrivateHosts: ReadonlySet<string>): Connector {
  return (options, callback) => {
    const { hostname } = options; // undici passes IPv6 literals without brackets
    if (isIP(hostname) !== 0 && isRefusedAddress(hostname) && !isAllowListedHost(hostname, allowedPrivateHosts)) {
      callback(new RefusedAddressError(hostname), null);
      return;
    }
    connect(options, callback);
  };
}

function notFoundError(hostname: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = 'ENOTFOUND';
  return error;
}

const timeoutCodes = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT', // the kernel or Node's per-address connect attempt timing out
]);

/** The RefusedAddressError somewhere in `error`'s cause chain, if the connection was refused by address. */
export function findRefusedAddress(error: unknown): RefusedAddressError | undefined {
  return causeChain(error).find((link): link is RefusedAddressError => codeOf(link) === REFUSED_ADDRESS_CODE && link instanceof RefusedAddressError);
}

/**
 * Maps an error thrown while proxying to the API error: a refused address is the caller's bad URL (400),
 * any timeout is 504, everything else (refused connection, TLS failure, reset) is 502. The whole `cause`
 * chain is searched, and AggregateError members too, since undici and fetch wrap the socket's error.
 */
export function classifyProxyFailure(error: unknown): VaultError {
  if (error instanceof VaultError) return error;
  const chain = causeChain(error);
  if (chain.some((link) => codeOf(link) === REFUSED_ADDRESS_CODE)) {
    return new VaultError('invalid_proxy_url', messages.invalidProxyUrl);
  }
  if (chain.some(isTimeout)) return new VaultError('proxy_timeout', messages.proxyTimeout);
  return new VaultError('proxy_failed', messages.proxyFailed);
}

function isTimeout(link: object): boolean {
  // AbortSignal.timeout() aborts with a DOMException named TimeoutError.
  if ('name' in link && link.name === 'TimeoutError') return true;
  const code = codeOf(link);
  return typeof code === 'string' && timeoutCodes.has(code);
}

function codeOf(link: object): unknown {
  return 'code' in link ? link.code : undefined;
}

/** The error and everything it wraps, breadth first, bounded against cycles and absurd depth. */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  const pending: unknown[] = [error];
  while (pending.length > 0 && chain.length < 32) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || chain.includes(current)) continue;
    chain.push(current);
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return chain;
}
