// The dashboard client's run time (components/ui/api-client.ts, api-url.ts): the request each operation
// makes (method, path with its parameters encoded, query, JSON body only when there is one) and the one
// envelope every answer arrives in. fetch is stubbed; nothing leaves the process.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiMessage } from '@/components/ui/api-client';
import { operationUrl } from '@/components/ui/api-url';

type Sent = { url: string; init: RequestInit };

function answer(status: number, body: string | object | null): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      const text = body === null ? null : typeof body === 'string' ? body : JSON.stringify(body);
      return new Response(text, { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('operationUrl', () => {
  it('substitutes {name} parameters, URI-encoded', () => {
    expect(operationUrl('/api/applications/{id}/rotate-key', { id: 'a1' })).toBe('/api/applications/a1/rotate-key');
    expect(operationUrl('/api/tokens/{token}', { token: 'tok/1 2?#' })).toBe('/api/tokens/tok%2F1%202%3F%23');
  });

  it('appends the query, encoded, leaving absent values out and repeating lists', () => {
    expect(operationUrl('/test-tokens', {}, { project_id: 'p 1&x' })).toBe('/test-tokens?project_id=p%201%26x');
    expect(operationUrl('/api/events', {}, { type: ['a', 'b'], limit: 10, cursor: undefined, project: null, all: true })).toBe('/api/events?type=a&type=b&limit=10&all=true');
    expect(operationUrl('/api/events', {}, { cursor: undefined })).toBe('/api/events');
  });

  it('refuses a missing path parameter rather than call /…/undefined', () => {
    expect(() => operationUrl('/api/projects/{id}', {})).toThrow('the path parameter id is missing');
  });
});

describe('api.call', () => {
  it('sends the operation\'s method and path, the JSON body with its content type, and the cookie', async () => {
    const sent = answer(200, { success: true, data: { id: 'a1', api_key: 'k', key_prefix: 'p', previous_key_expires_at: null } });
    const result = await api.call('rotateApplicationKey', { params: { id: 'a1' }, body: { grace_period_seconds: 60 } });
    expect(sent).toEqual([
      {
        url: '/api/applications/a1/rotate-key',
        init: { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{"grace_period_seconds":60}', credentials: 'same-origin' },
      },
    ]);
    expect(result).toEqual({ ok: true, status: 200, data: { success: true, data: { id: 'a1', api_key: 'k', key_prefix: 'p', previous_key_expires_at: null } } });
  });

  it('sends no body and no content type when the call has none; an empty answer is null data', async () => {
    const sent = answer(200, null);
    expect(await api.call('deleteProject', { params: { id: 'p1' } })).toEqual({ ok: true, status: 200, data: null });
    expect(sent[0]).toEqual({ url: '/api/projects/p1', init: { method: 'DELETE', headers: { accept: 'application/json' }, body: undefined, credentials: 'same-origin' } });
    answer(200, { success: true, valid: true, checked: 0, first_broken_id: null });
    expect((await api.call('verifyAuditLogs')).ok).toBe(true);
  });

  it('puts the query on the URL', async () => {
    const sent = answer(201, { success: true, token: 't' });
    await api.call('createTestToken', { query: { project_id: 'p1' }, body: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' } });
    expect(sent[0]!.url).toBe('/test-tokens?project_id=p1');
  });

  it('turns the API\'s error envelope into the failure: status, code, message and field errors', async () => {
    const fields = [{ path: 'name', message: 'name must be 1 to 100 characters' }];
    answer(400, { success: false, error: { code: 'validation_error', message: 'Validation failed', fields }, request_id: 'r' });
    const result = await api.call('createProject', { body: { name: '' } });
    expect(result).toEqual({ ok: false, status: 400, code: 'validation_error', message: 'Validation failed', fields });
    expect(!result.ok && apiMessage(result)).toBe('Validation failed');
  });

  it('an error without the envelope is http_error with the status; fields default to none', async () => {
    answer(502, '<html>Bad gateway</html>');
    const result = await api.call('deleteMerchant', { params: { id: 'm1' } });
    expect(result).toEqual({ ok: false, status: 502, code: 'http_error', message: 'The server answered 502.', fields: [] });
    expect(!result.ok && apiMessage(result)).toBeUndefined();
    answer(403, { success: false, error: { code: 'forbidden', message: 'Forbidden' }, request_id: 'r' });
    expect(await api.call('deleteMerchant', { params: { id: 'm1' } })).toEqual({ ok: false, status: 403, code: 'forbidden', message: 'Forbidden', fields: [] });
  });

  it('a network failure is network_error with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const result = await api.call('revokeOtherUserSessions');
    expect(result).toEqual({ ok: false, status: 0, code: 'network_error', message: 'The server could not be reached. Try again.', fields: [] });
    expect(!result.ok && apiMessage(result)).toBeUndefined();
  });
});
