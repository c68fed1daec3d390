// Real calls through a client typed by the served OpenAPI document: tests/integration/openapi.test.ts
// generates ./schema.d.ts from GET /openapi.json with openapi-typescript, type-checks this file against it
// (the @ts-expect-error lines must be errors, so the types are not `any`), then runs it against the vault.
// Excluded from the project's own type check: ./schema.d.ts exists only while that test runs.
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function runTypedCalls(options: { baseUrl: string; apiKey: string; email: string; password: string }) {
  const vault = createClient<paths>({ baseUrl: options.baseUrl });
  const apiKey = { 'X-API-Key': options.apiKey };

  const tokenized = await vault.POST('/tokenize', {
    headers: apiKey,
    body: { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' } },
  });
  if (!tokenized.data) throw new Error(`tokenize answered ${tokenized.response.status}`);
  const token: string = tokenized.data.token;
  const cvcSessionId: string | undefined = tokenized.data.cvc_session_id;
  // @ts-expect-error a tokenize answer has no `data` field
  void tokenized.data.data;

  const revealed = await vault.POST('/detokenize', { headers: apiKey, body: { token } });
  const cardNumber = revealed.data?.data.type === 'card' ? revealed.data.data.cardNumber : null;

  const verified = await vault.GET('/api/applications/key', { headers: apiKey });
  const tokenizationAllowed: boolean | undefined = verified.data?.data.permissions.tokenization.allowed;

  const deleted = await vault.DELETE('/proxy/delete-cvc-session/{session_id}', { headers: apiKey, params: { path: { session_id: cvcSessionId ?? '' } } });
  const deletedMessage: string | undefined = deleted.data?.message;

  const login = await vault.POST('/auth/login', { body: { email: options.email, password: options.password } });
  const session = login.data && 'token' in login.data ? login.data.token : '';
  const listed = await vault.GET('/api/tokens', { headers: { Authorization: `Bearer ${session}` }, params: { query: { limit: 5, type: 'card' } } });
  const listedTokens: string[] = (listed.data?.data ?? []).map((row) => row.token);

  const refused = await vault.POST('/detokenize', { headers: apiKey, body: { token: 'tok_unknown' } });
  const refusal: string | undefined = refused.error?.error.code;

  // @ts-expect-error tokenize needs `type`
  void (() => vault.POST('/tokenize', { headers: apiKey, body: { data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } } }));
  // @ts-expect-error there is no GET /tokenize
  void (() => vault.GET('/tokenize', {}));
  // @ts-expect-error an unknown query parameter of GET /api/tokens
  void (() => vault.GET('/api/tokens', { params: { query: { colour: 'blue' } } }));

  return { token, cardNumber, tokenizationAllowed, deletedMessage, listedTokens, refusal };
}
