'use client';
// A one-click mutation through the API (resend, revoke, sign out a session…): the outcome toasted, the
// server data reloaded on success. Resolves with the API's message on failure, so a ConfirmDialog can
// keep it in the dialog.
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { callApi, type ApiResult } from './api-client';
import { toast } from './toast';

type Method = 'POST' | 'PUT' | 'DELETE';

export function useApiAction() {
  const router = useRouter();
  return useCallback(
    async <T = unknown>(method: Method, path: string, options: { body?: unknown; success: string; refresh?: boolean }): Promise<ApiResult<T>> => {
      const result = await callApi<T>(method, path, options.body);
      if (!result.ok) {
        toast.error(result.message);
        return result;
      }
      toast.success(options.success);
      if (options.refresh !== false) router.refresh();
      return result;
    },
    [router],
  );
}
