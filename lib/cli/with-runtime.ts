// A one-shot command's runtime: no background work (no webhook worker, no sweepers), and closed whatever
// the command's outcome, so the process can exit.
import { createRuntime, type StartOptions } from '../runtime/create-runtime';
import type { Runtime } from '../runtime/types';

export async function withCommandRuntime<T>(options: StartOptions, run: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await createRuntime({ ...options, background: false });
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}
