// Shared pieces of the tests that send card data to the local HTTPS PSP (proxy, checkout processors).
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestPsp, type PspReply, type ReceivedRequest, type TestPsp } from './psp-server';
import { startTestVault, type TestVault } from './test-vault';

/**
 * The file's PSP: started once, closed at the end, and before every test emptied of what it received and
 * (when `reply` is given) set back to that answer. The returned object stands for the running PSP.
 */
export function useTestPsp(reply?: (request: ReceivedRequest) => PspReply): TestPsp {
  let started: TestPsp | undefined;
  const psp = () => started ?? (() => { throw new Error('the test PSP is not running yet'); })();
  beforeAll(async () => {
    started = await startTestPsp();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    psp().received.length = 0;
    if (reply) psp().reply(reply);
  });
  return {
    get port() { return psp().port; },
    get ca() { return psp().ca; },
    get received() { return psp().received; },
    url: (path) => psp().url(path),
    reply: (handler) => psp().reply(handler),
    close: () => psp().close(),
  };
}

/**
 * Starts a vault trusting the PSP's certificate for the enclosing describe block (only one vault may be
 * alive at a time: the runtime is global). `psp` (and `env` when a function) is read when the block starts.
 */
export function useVaultWithPsp(psp: () => TestPsp, env?: Record<string, string> | (() => Record<string, string>)): () => TestVault {
  let vault: TestVault | undefined;
  beforeAll(async () => {
    vault = await startTestVault({ env: typeof env === 'function' ? env() : env, pspCa: psp().ca });
    // A production project sends card data only to hosts it lists (issue 21): the seeded one lists this PSP.
    await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.production.projectId }, data: { allowedProxyHosts: [`localhost:${psp().port}`] } });
  });
  afterAll(() => vault?.close());
  return () => vault!;
}

/** Exact byte comparison (and a readable diff through the string form). */
export function expectBytes(request: ReceivedRequest | undefined, expected: string): void {
  expect(request, 'the PSP received nothing').toBeDefined();
  expect(request!.body.toString('utf8')).toBe(expected);
  expect(Buffer.compare(request!.body, Buffer.from(expected, 'utf8'))).toBe(0);
}

/** A loopback port nothing listens on (bound, then closed). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
