// Real Redis high-availability setups on loopback ports, in a temporary folder, without persistence:
// a 3-primary Redis Cluster (`redis-server --cluster-enabled yes` + `redis-cli --cluster create`) and a
// Sentinel setup (one primary, one replica, one sentinel that fails the primary over, on request or when
// it dies). Both require a password, so the vault's REDIS_PASSWORD / REDIS_SENTINEL_PASSWORD are used too.
// Start each once per file (beforeAll) and stop it in afterAll: the processes are killed, the folder removed.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster, Redis } from 'ioredis';
import { freePort } from './spawn-server';

const run = promisify(execFile);
const PASSWORD = 'redis-ha-test-password';
const SENTINEL_PASSWORD = 'redis-ha-sentinel-password';

/**
 * redis-server and redis-cli present? Outside CI a missing binary skips the file with a loud warning; in
 * CI (CI=true) it throws, so the file fails instead of passing without having run.
 */
export function redisBinariesPresent(): boolean {
  const missing = ['redis-server', 'redis-cli'].filter((binary) => spawnSync(binary, ['--version']).error);
  if (missing.length === 0) return true;
  const message = `${missing.join(' and ')} not found: the Redis Sentinel/Cluster tests need them (apt-get install redis-server redis-tools)`;
  if (['1', 'true'].includes((process.env.CI ?? '').toLowerCase())) throw new Error(message);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
  return false;
}

export type RedisProcesses = {
  /** Variables that point a vault at this setup (they win over a REDIS_URL also set). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export type RedisCluster = RedisProcesses & {
  ports: number[];
  /** A client of the whole cluster, without key prefix: to look at what the vault stored. */
  connect(): Cluster;
  /** Kills the primary on this port (SIGKILL): its slots are lost (no replicas). */
  killPrimary(port: number): Promise<void>;
};

export type RedisSentinelSetup = RedisProcesses & {
  name: string;
  /** A client of the current primary (found through the sentinel), without key prefix. */
  connect(): Redis;
  /** The port of the current primary, as the sentinel reports it. */
  primaryPort(): Promise<number>;
  /** SENTINEL FAILOVER; resolves once the sentinel names the other server as primary. */
  failover(): Promise<{ from: number; to: number }>;
  /** Kills the primary (SIGKILL), once the other server is its replica in sync; resolves once the sentinel has promoted it. */
  crashPrimary(): Promise<{ from: number; to: number }>;
};

const children = new Set<ChildProcess>();
// A test process that dies without its afterAll still leaves no Redis behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startServer(dir: string, name: string, lines: string[], args: string[] = []): ChildProcess {
  const file = join(dir, `${name}.conf`);
  writeFileSync(file, [...lines, 'bind 127.0.0.1', 'save ""', 'appendonly no', `dir ${dir}`, `logfile ${join(dir, `${name}.log`)}`, ''].join('\n'));
  const child = spawn('redis-server', [file, ...args], { stdio: 'ignore' });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function stopAll(processes: ChildProcess[], dir: string): Promise<void> {
  await Promise.all(processes.map(kill));
  rmSync(dir, { recursive: true, force: true });
}

/** redis-cli against a loopback port; its printed answer. `tls`: over TLS, trusting that CA file. */
async function cli(port: number, password: string | null, ...args: string[]): Promise<string> {
  return cliWith({ port, password }, ...args);
}

async function cliWith(target: { port: number; password: string | null; caFile?: string; timeoutMs?: number }, ...args: string[]): Promise<string> {
  const auth = target.password ? ['-a', target.password, '--no-auth-warning'] : [];
  const tls = target.caFile ? ['--tls', '--cacert', target.caFile] : [];
  try {
    const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(target.port), ...tls, ...auth, ...args], { timeout: target.timeoutMs ?? 5_000 });
    return stdout.trim();
  } catch (error) {
    // Say why: killed by the time-out, or redis-cli's own words.
    const { signal, stdout, stderr } = error as { signal?: string; stdout?: string; stderr?: string };
    throw new Error(`redis-cli ${args.slice(0, 2).join(' ')} on port ${target.port} failed${signal ? ` (${signal}: time-out)` : ''}: ${`${stderr ?? ''}${stdout ?? ''}`.trim().slice(-500)}`);
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answersPing = (port: number, password: string | null) => until(`redis on port ${port}`, async () => (await cli(port, password, 'PING')) === 'PONG');

/**
 * Three primaries, no replicas, every slot assigned; resolves once each node reports cluster_state:ok. With a
 * certificate: TLS only, to clients and between the nodes (`tls-cluster yes`), and REDIS_TLS in `env`.
 */
export async function startRedisCluster(certificate?: TlsCertificate): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'vault-redis-cluster-'));
  const processes: ChildProcess[] = [];
  try {
    const tls = certificate ? tlsLines(dir, certificate) : [];
    const caFile = certificate ? join(dir, 'ca.pem') : undefined;
    const ports: number[] = [];
    for (let index = 0; index < 3; index++) {
      // The bus port is chosen too (cluster-port): port + 10000, Redis's default, may not exist.
      const [port, busPort] = [await freePort(), await freePort()];
      ports.push(port);
      processes.push(
        startServer(dir, `node-${port}`, [
          ...(certificate ? [...tls, `tls-port ${port}`, 'tls-cluster yes', 'tls-replication yes'] : [`port ${port}`]),
          'cluster-enabled yes',
          `cluster-port ${busPort}`,
          `cluster-config-file nodes-${port}.conf`,
          'cluster-node-timeout 2000',
          `requirepass ${PASSWORD}`,
          `masterauth ${PASSWORD}`,
        ]),
      );
    }
    const ask = (port: number, ...args: string[]) => cliWith({ port, password: PASSWORD, caFile }, ...args);
    for (const port of ports) await until(`redis on port ${port}`, async () => (await ask(port, 'PING')) === 'PONG');
    // `--cluster create` waits for the nodes to join: over TLS on a busy machine that took more than the 5 s
    // a plain command gets (a CI run's flake), so it gets 30.
    await cliWith({ port: ports[0]!, password: PASSWORD, caFile, timeoutMs: 30_000 }, '--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes');
    for (const port of ports) await until(`cluster_state:ok on ${port}`, async () => (await ask(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok'));
    const nodes = ports.map((port) => ({ host: '127.0.0.1', port }));
    return {
      ports,
      env: { REDIS_CLUSTER_NODES: nodes.map((node) => `${node.host}:${node.port}`).join(','), REDIS_PASSWORD: PASSWORD, ...(certificate ? { REDIS_TLS: 'true' } : {}) },
      connect: () => new Cluster(nodes, { redisOptions: { password: PASSWORD, ...(certificate ? { tls: { ca: certificate.ca } } : {}) } }),
      killPrimary: (port) => kill(processes[ports.indexOf(port)]!),
      stop: () => stopAll(processes, dir),
    };
  } catch (error) {
    await stopAll(processes, dir);
    throw error;
  }
}

/**
 * A primary, its replica (in sync) and one sentinel that sees both. With a certificate: all three speak only
 * TLS (`tls-port`, `port 0`), replication and the sentinel's links included (`tls-replication yes`), and
 * REDIS_TLS is in `env`.
 */
export async function startRedisSentinel(certificate?: TlsCertificate): Promise<RedisSentinelSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'vault-redis-sentinel-'));
  const name = 'vault-primary';
  const processes: ChildProcess[] = [];
  try {
    const [primary, replica, sentinel] = [await freePort(), await freePort(), await freePort()];
    const tls = certificate ? tlsLines(dir, certificate) : [];
    const caFile = certificate ? join(dir, 'ca.pem') : undefined;
    const listen = (port: number) => (certificate ? [...tls, `tls-port ${port}`, 'tls-replication yes'] : [`port ${port}`]);
    const auth = [`requirepass ${PASSWORD}`, `masterauth ${PASSWORD}`];
    processes.push(startServer(dir, 'primary', [...listen(primary), ...auth]));
    processes.push(startServer(dir, 'replica', [...listen(replica), ...auth, `replicaof 127.0.0.1 ${primary}`]));
    await until('the replica in sync', async () => (await cliWith({ port: replica, password: PASSWORD, caFile }, 'INFO', 'replication')).includes('master_link_status:up'));
    processes.push(
      startServer(
        dir,
        'sentinel',
        [
          ...listen(sentinel),
          `sentinel monitor ${name} 127.0.0.1 ${primary} 1`,
          `sentinel auth-pass ${name} ${PASSWORD}`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          `requirepass ${SENTINEL_PASSWORD}`,
        ],
        ['--sentinel'],
      ),
    );
    const ask = (...args: string[]) => cliWith({ port: sentinel, password: SENTINEL_PASSWORD, caFile }, 'SENTINEL', ...args);
    const primaryPort = async () => Number((await ask('get-master-addr-by-name', name)).split('\n')[1]);
    /** The sentinel sees the server that is not the primary as its healthy, linked replica. */
    const replicaFit = async () => {
      const fields = (await ask('replicas', name)).split('\n');
      const field = (key: string) => fields[fields.indexOf(key) + 1];
      return field('flags') === 'slave' && field('master-link-status') === 'ok';
    };
    await until('the sentinel to see the replica', replicaFit);
    const promoted = async (from: number) => {
      await until('the new primary', async () => (await primaryPort()) !== from);
      return { from, to: await primaryPort() };
    };
    return {
      name,
      env: {
        REDIS_SENTINELS: `127.0.0.1:${sentinel}`,
        REDIS_SENTINEL_NAME: name,
        REDIS_PASSWORD: PASSWORD,
        REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
        ...(certificate ? { REDIS_TLS: 'true' } : {}),
      },
      connect: () =>
        new Redis({
          sentinels: [{ host: '127.0.0.1', port: sentinel }],
          name,
          password: PASSWORD,
          sentinelPassword: SENTINEL_PASSWORD,
          ...(certificate ? { tls: { ca: certificate.ca }, sentinelTLS: { ca: certificate.ca }, enableTLSForSentinelMode: true } : {}),
        }),
      primaryPort,
      async failover() {
        const from = await primaryPort();
        // Refused (NOGOODSLAVE) while the sentinel has not yet judged the replica fit: asked again.
        await until('SENTINEL FAILOVER to be accepted', async () => (await ask('failover', name)) === 'OK');
        return promoted(from);
      },
      async crashPrimary() {
        await until('a replica in sync to promote', replicaFit);
        const from = await primaryPort();
        await kill(processes[[primary, replica].indexOf(from)]!);
        return promoted(from);
      },
      stop: () => stopAll(processes, dir),
    };
  } catch (error) {
    await stopAll(processes, dir);
    throw error;
  }
}

/** Every key matching `pattern` on a cluster (each primary holds some) or on one server. */
export async function keysMatching(client: Redis | Cluster, pattern: string): Promise<string[]> {
  return (await Promise.all((await primariesOf(client)).map((server) => server.keys(pattern)))).flat();
}

/** A cluster's primaries once it is connected (a new client knows none before); one server itself. */
export async function primariesOf(client: Redis | Cluster): Promise<Redis[]> {
  if (!(client instanceof Cluster)) return [client];
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client.nodes('master');
}

/** One Redis without TLS, with a password: what a TLS client must refuse to talk to. */
export async function startRedisPlain(): Promise<RedisProcesses & { port: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'vault-redis-plain-'));
  const port = await freePort();
  const processes = [startServer(dir, 'plain', [`port ${port}`, `requirepass ${PASSWORD}`])];
  try {
    await answersPing(port, PASSWORD);
    return { port, env: { REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${port}` }, stop: () => stopAll(processes, dir) };
  } catch (error) {
    await stopAll(processes, dir);
    throw error;
  }
}

export type TlsCertificate = { ca: string; cert: string; key: string };

/** TLS on every port and no plaintext port (`port 0`): a client that does not speak TLS reaches nothing. */
function tlsLines(dir: string, certificate: TlsCertificate): string[] {
  writeFileSync(join(dir, 'ca.pem'), certificate.ca);
  writeFileSync(join(dir, 'cert.pem'), certificate.cert);
  writeFileSync(join(dir, 'key.pem'), certificate.key, { mode: 0o600 });
  return ['port 0', `tls-cert-file ${join(dir, 'cert.pem')}`, `tls-key-file ${join(dir, 'key.pem')}`, `tls-ca-cert-file ${join(dir, 'ca.pem')}`, 'tls-auth-clients no'];
}

/** One Redis speaking only TLS (`--tls-port`), with the given certificate and a password. */
export async function startRedisTls(certificate: TlsCertificate): Promise<RedisProcesses & { port: number; caFile: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vault-redis-tls-'));
  const processes: ChildProcess[] = [];
  try {
    const port = await freePort();
    processes.push(startServer(dir, 'tls', [...tlsLines(dir, certificate), `tls-port ${port}`, `requirepass ${PASSWORD}`]));
    const caFile = join(dir, 'ca.pem');
    await until(`TLS redis on port ${port}`, async () => (await cliWith({ port, password: PASSWORD, caFile }, 'PING')) === 'PONG');
    return { port, caFile, env: { REDIS_URL: `rediss://:${PASSWORD}@localhost:${port}` }, stop: () => stopAll(processes, dir) };
  } catch (error) {
    await stopAll(processes, dir);
    throw error;
  }
}

