// The steps every route wrapper shares: the runtime (failing closed while a configured Redis is down:
// never a memory fallback), the request body (already read by the fast door, or read here with the
// 1 MiB limit), and the path parameters as plain strings.
import { getRuntime } from '../../runtime/shared';
import type { Runtime } from '../../runtime/types';
import { StoreUnavailableError } from '../../store/types';
import type { RouteContext } from '../../http/define-route';
import { readBodyBytes } from '../../http/read-body';

export async function availableRuntime(): Promise<Runtime> {
  const runtime = await getRuntime();
  if (!runtime.store.isAvailable()) throw new StoreUnavailableError();
  return runtime;
}

export async function routeBody(request: Request, context: RouteContext | undefined): Promise<Uint8Array> {
  if (context?.rawBody) return context.rawBody;
  // A streamed body (an uploaded file) is the handler's to read: call.bodyStream.
  if (context?.bodyStream) return new Uint8Array();
  return request.method === 'GET' || request.method === 'HEAD' ? new Uint8Array() : readBodyBytes(request);
}

export async function routeParams(context: RouteContext | undefined): Promise<Record<string, string>> {
  return Object.fromEntries(
    Object.entries((await context?.params) ?? {}).map(([key, value]) => [key, Array.isArray(value) ? value.join('/') : (value ?? '')]),
  );
}
