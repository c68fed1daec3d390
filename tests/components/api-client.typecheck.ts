// Type-level test of the dashboard client (components/ui/api-client.ts), run by `tsc --noEmit` (it
// type-checks tests/**; vitest never runs this file). Each `@ts-expect-error` line must fail to type-check:
// reading a field an operation's response does not have, sending a wrong request, or naming an operation
// that does not exist. If the client's types decayed to `any`, these lines would compile and tsc would
// report the unused `@ts-expect-error`.
import { api, type ApiData, type ApiInput } from '@/components/ui/api-client';

export async function typedCalls(id: string): Promise<void> {
  const rotated = await api.call('rotateApplicationKey', { params: { id } });
  if (rotated.ok) {
    const key: string = rotated.data.data.api_key;
    const expires: string | null = rotated.data.data.previous_key_expires_at;
    void [key, expires];
    // @ts-expect-error the response field is api_key (snake case as the schema writes it)
    void rotated.data.data.apiKey;
    // @ts-expect-error the key is inside the `data` envelope, not beside it
    void rotated.data.api_key;
  } else {
    const envelope: { status: number; code: string; message: string; fields: Array<{ path: string; message: string }> } = rotated;
    void envelope;
    // @ts-expect-error a failure carries no data
    void rotated.data;
  }

  const verdict = await api.call('verifyAuditLogs');
  if (verdict.ok) {
    const checked: number = verdict.data.checked;
    void checked;
    // @ts-expect-error the field is first_broken_id
    void verdict.data.firstBrokenId;
  }

  const created = await api.call('createTestToken', { query: { project_id: id }, body: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' } });
  // @ts-expect-error POST /test-tokens answers 201 only
  if (created.ok && created.status === 200) void created;

  // @ts-expect-error path parameters are required where the path has them
  await api.call('deleteProject');
  // @ts-expect-error the path names {id}, not {projectId}
  await api.call('deleteProject', { params: { projectId: id } });
  // @ts-expect-error grace_period_seconds is a number
  await api.call('rotateApplicationKey', { params: { id }, body: { grace_period_seconds: '60' } });
  // @ts-expect-error PUT /api/account takes no path parameters
  await api.call('updateAccount', { params: { id }, body: { require_mfa: true } });
  // @ts-expect-error an operationId that no definition has
  await api.call('rotateKey', { params: { id } });
}

// The exported helpers read the same definitions.
export const invitation: ApiInput<'inviteMember'>['body'] = { email: 'a@example.com', role: 'viewer' };
export function queued(data: ApiData<'replayWebhookDeliveries'>): number {
  // @ts-expect-error the count is data.queued
  void data.queued;
  return data.data.queued;
}
