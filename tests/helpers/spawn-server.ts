// Runs the bundled production server (dist/server.mjs, built by the global setup) as a real process,
// API-only (no Next build needed), and waits until it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverBundle = fileURLToPath(new URL('../../dist/server.mjs', import.meta.url));

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout + stderr). */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function spawnServer(env: Record<string, string | undefined>, timeoutMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|REDIS_(URL|SENTINEL|CLUSTER|PASSWORD)|VAULT_|PROXY_|CVC_|TEST_CVC_)/.test(key)));
  const child = spawn(process.execPath, [serverBundle], {
    env: { ...inherited, NODE_ENV: 'production', VAULT_API_ONLY: '1', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', WEBHOOK_WORKER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (output.includes('vault listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
