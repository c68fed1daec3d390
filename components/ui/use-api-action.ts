'use client';
// A one-click mutation through the API (resend, revoke, sign out a session…): the outcome toasted, the
// server data reloaded on success. Resolves with the API's message on failure, so a ConfirmDialog can
// keep it in the dialog.
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { api, type ApiInput, type ApiResult, type OperationId } from './api-client';
import { toast } from './toast';

export function useApiAction() {
  const router = useRouter();
  return useCallback(
    async <Id extends OperationId>(operationId: Id, input: ApiInput<Id>, options: { success: string; refresh?: boolean }): Promise<ApiResult<Id>> => {
      const call = api.call as (id: Id, input: ApiInput<Id>) => Promise<ApiResult<Id>>;
      const result = await call(operationId, input);
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
