import { z } from 'zod';

export const proxyMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const ZProxyTransactionRequestSchema = z
  .strictObject({
    token: z.string({ error: (issue) => (issue.input === undefined ? 'token is required' : 'token must be a string') }).min(1, 'token is required').meta({ description: 'Token to inject.', example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    cvc_session_id: z
      .uuid({ error: 'cvc_session_id must be a UUID' })
      .optional()
      .meta({ description: 'CVC session whose security code fills `${cvv}` / `${cvc}`. A production session is deleted by this call.' }),
    proxy_url: z
      .string({ error: 'proxy_url is required' })
      .meta({ description: 'Full HTTPS URL of the PSP endpoint. Host names resolving to private, loopback or link-local addresses are refused unless allow-listed.', example: 'https://api.psp.example/v1/charges' }),
    request_data: z
      .record(z.string(), z.unknown(), { error: 'request_data must be a JSON object' })
      .meta({ description: 'Body forwarded to the PSP (serialised compactly) after placeholder substitution.' }),
    http_headers: z
      .record(z.string(), z.string({ error: 'http_headers values must be strings' }), { error: 'http_headers must be an object of strings' })
      .optional()
      .meta({ description: 'Headers sent to the PSP; hop-by-hop headers, Host and Content-Length are dropped. Placeholders are not substituted in headers.' }),
    http_method: z
      .string()
      .transform((method) => method.toUpperCase())
      .pipe(z.enum(proxyMethods, { error: `http_method must be one of ${proxyMethods.join(', ')}` }))
      .default('POST')
      .meta({ description: 'HTTP method for the PSP call.', example: 'POST' }),
  })
  .meta({ description: 'JSON form of a proxy call. Form-encoded and XML bodies are forwarded as they are; see the endpoint description.' });

export type TProxyTransactionRequest = z.infer<typeof ZProxyTransactionRequestSchema>;

export const ZProxyResponseSchema = z
  .object({
    success: z.boolean().meta({ description: 'true when the PSP answered 2xx.' }),
    proxy_response: z.object({
      status_code: z.number().int(),
      headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      body: z.unknown().meta({ description: 'Parsed when the PSP answered JSON, text otherwise. Card numbers, account numbers and the injected CVV are masked wherever they appear.' }),
    }),
  })
  .meta({ id: 'ProxyResponse' });

