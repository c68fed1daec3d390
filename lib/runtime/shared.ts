// The process's one runtime. Kept on globalThis because the custom server and Next's compiled route
// bundles load separate copies of lib/: both must share one database handle (PGlite is single-process)
// and one in-process store.
import { createRuntime } from './create-runtime';
import type { Runtime } from './types';

const RUNTIME = Symbol.for('vault.runtime');
type Holder = { [RUNTIME]?: Promise<Runtime> };
const holder = globalThis as Holder;

/** The shared runtime, created on first use (by the server at start, or lazily under `next dev`). */
export function getRuntime(): Promise<Runtime> {
  holder[RUNTIME] ??= createRuntime().catch((error) => {
    holder[RUNTIME] = undefined;
    throw error;
  });
  return holder[RUNTIME];
}

/** The shared runtime if one exists or is starting (never starts one): for logging on error paths. */
export async function existingRuntime(): Promise<Runtime | undefined> {
  return holder[RUNTIME]?.catch(() => undefined);
}

/** Installs a runtime made elsewhere (the server, tests) as the shared one. */
export function setRuntime(runtime: Runtime | undefined): void {
  holder[RUNTIME] = runtime ? Promise.resolve(runtime) : undefined;
}
