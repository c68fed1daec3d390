// Child processes of the bench (servers, baseline, stub PSP, CLI). Their output goes to a log file, not
// through this process: reading it here would cost the load generator CPU during the runs.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { logDir, root } from './settings.mjs';

const children = new Set();

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const tail = (file) => readFileSync(file, 'utf8').slice(-4000);

/** Starts `node <args>` and waits until its output contains readyText. */
export function startChild(name, args, env, readyText) {
  return startProcess(name, process.execPath, args, env, readyText);
}

/** Starts `command <args>` (a node script, or a server binary such as redis-server) and waits for readyText. */
export async function startProcess(name, command, args, env, readyText) {
  const logFile = join(logDir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  children.add(child);
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? code;
    children.delete(child);
  });
  const deadline = Date.now() + 120_000;
  while (!readFileSync(logFile, 'utf8').includes(readyText)) {
    if (exited !== null) throw new Error(`${name} exited (${exited}):\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${tail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    pid: child.pid,
    /** SIGTERM, then wait for the exit (the server drains and closes its pools). */
    async stop() {
      if (exited !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}

export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}

/** `node bin/vault.mjs …` with env; returns stdout, exit status and the wall time in seconds. */
export function runCli(args, env, { allowFailure = false } = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['bin/vault.mjs', ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 16 << 20 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFailure) throw new Error(`vault ${args.join(' ')} exited ${result.status}:\n${result.stderr}${result.stdout}`);
  return { stdout: result.stdout, status: result.status, seconds };
}

/** Loads `rows` audit rows with their writer MACs (scripts/bench/load-audit-rows.ts); env: DATABASE_URL, VAULT_MASTER_KEY. */
export function loadAuditRows(env, { rows, chunk, accountId, projectId, applicationId }) {
  const args = ['--import', 'tsx', 'scripts/bench/load-audit-rows.ts', String(rows), String(chunk), accountId, projectId, applicationId];
  const result = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`loading the audit rows failed:\n${result.stderr}${result.stdout}`);
  return result.stdout.trim();
}

/** Gives audit rows bulk-loaded with SQL their writer MAC (scripts/bench/sign-audit-rows.ts); env: DATABASE_URL, VAULT_MASTER_KEY. */
export function signBulkAuditRows(env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/sign-audit-rows.ts'], { cwd: root, env, encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`signing the bulk-loaded audit rows failed:\n${result.stderr}${result.stdout}`);
}

/** CPU seconds (user + system, every thread) a process has used so far (Linux: /proc/<pid>/stat); 0 once it is gone. */
export function cpuSeconds(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

let ticks;
function clockTicks() {
  ticks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return ticks;
}

/** Resident set size of a process, in MiB (Linux: /proc/<pid>/status, VmRSS in kB). */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}
