'use client';
// A management API call from a button or a dialog (not a form of fields): the outcome toasted, the page's
// server data reloaded on success. The caller gets the result, for a secret to show or a message to keep
// in its dialog.
import { useRouter } from 'next/navigation';
import { callApi, type ApiResult } from './api-client';
import { toast } from './toast';

export function useApiAction() {
  const router = useRouter();
  return async function run<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, success: string): Promise<ApiResult<T>> {
    const result = await callApi<T>(method, path, body);
    if (!result.ok) {
      toast.error(result.message);
      return result;
    }
    toast.success(success);
    router.refresh();
    return result;
  };
}
