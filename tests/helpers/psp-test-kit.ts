// Shared pieces of the tests that send card data to the local HTTPS PSP (proxy, checkout processors).
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ReceivedRequest, TestPsp } from './psp-server';
import { startTestVault, type TestVault } from './test-vault';

/**
 * Starts a vault trusting the PSP's certificate for the enclosing describe block (only one vault may be
 * alive at a time: the runtime is global). `psp` is read when the block starts.
 */
export function useVaultWithPsp(psp: () => TestPsp, env?: Record<string, string>): () => TestVault {
  let vault: TestVault | undefined;
  beforeAll(async () => {
    vault = await startTestVault({ env, pspCa: psp().ca });
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
