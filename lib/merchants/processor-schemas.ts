// A merchant's payment processor: `sandbox` (test projects) or `http`, a PSP request template sent through
// the proxy pipeline. Validated once when the merchant is saved, so a charge never meets a template it
// cannot send. Messages name the field and the rule, never a value: header values are the merchant's PSP
// secrets (sealed, shown masked) and a body template may carry data too. Bodies are shown as written, so
// the documentation sends credentials to the headers.
import { z } from 'zod';
import { VaultError } from '../core/errors';
import { isHeaderName, isHopByHopHeader, isSendableHeaderValue } from '../proxy/outgoing-headers';
import { PLACEHOLDER_SPELLINGS } from '../proxy/placeholders';
import { parseProxyUrl } from '../outbound/proxy-url';
import { JSON_PATH_MAX_LENGTH, parseJsonPath } from '../core/json-path';
import { stringField } from '../vault/schemas';

/** The checkout's own placeholders (not secrets), beside the proxy's card placeholders. */
const CHECKOUT_PLACEHOLDERS = ['amount', 'amountMinor', 'currency', 'sessionId', 'merchantId'] as const;
export type CheckoutPlaceholder = (typeof CHECKOUT_PLACEHOLDERS)[number];

const processorMethods = ['POST', 'PUT', 'PATCH'] as const;
const processorFormats = ['json', 'form', 'xml'] as const;
export type ProcessorFormat = (typeof processorFormats)[number];

/** What a configuration's header values are shown as, anywhere outside the sealed column. */
export const REDACTED_HEADER_VALUE = '********';

const URL_MAX_LENGTH = 2048;
const BODY_MAX_LENGTH = 64 * 1024;
const MAX_HEADERS = 50;
const HEADER_VALUE_MAX_LENGTH = 8192;
const EQUALS_MAX_LENGTH = 256;

const ALLOWED_PLACEHOLDERS: ReadonlySet<string> = new Set([...PLACEHOLDER_SPELLINGS, ...CHECKOUT_PLACEHOLDERS]);
const ALLOWED_LIST = [...PLACEHOLDER_SPELLINGS, ...CHECKOUT_PLACEHOLDERS].map((name) => `\${${name}}`).join(', ');

// An opening `${` and what must follow it. Form bodies are also substituted where `$`, `{`, `}` are
// percent-encoded (as the proxy does), so there the encoded spellings open placeholders too.
const RAW_OPEN = /\$\{/g;
const FORM_OPEN = /(?:\$|%24)(?:\{|%7b)/gi;
const RAW_NAME_AND_CLOSE = /^([A-Za-z0-9_]*)\}/;
const FORM_NAME_AND_CLOSE = /^([A-Za-z0-9_]*)(?:\}|%7d)/i;
const LOOKS_LIKE_PLACEHOLDER = /(?:\$|%24)(?:\{|%7b)/i;

/** Problems with the placeholders of one template text: unknown names and `${` that opens nothing. */
function placeholderProblems(text: string, encodedToo: boolean): string[] {
  const problems: string[] = [];
  const open = encodedToo ? FORM_OPEN : RAW_OPEN;
  const nameAndClose = encodedToo ? FORM_NAME_AND_CLOSE : RAW_NAME_AND_CLOSE;
  for (const match of text.matchAll(open)) {
    const rest = text.slice(match.index + match[0].length);
    const name = nameAndClose.exec(rest)?.[1];
    if (name === undefined || name === '') {
      problems.push(`"\${" must open a placeholder (${ALLOWED_LIST})`);
    } else if (!ALLOWED_PLACEHOLDERS.has(name)) {
      const shown = /^[A-Za-z_]\w{0,39}$/.test(name) ? `\${${name}}` : 'a placeholder';
      problems.push(`unknown placeholder ${shown}; the allowed placeholders are ${ALLOWED_LIST}`);
    }
  }
  return [...new Set(problems)];
}

type Issue = { path: PropertyKey[]; message: string };

/** Every string value of a JSON template is checked; keys may not hold placeholders at all. */
function jsonTemplateIssues(value: unknown, path: PropertyKey[]): Issue[] {
  if (typeof value === 'string') return placeholderProblems(value, false).map((message) => ({ path, message: `${dotted(path)}: ${message}` }));
  if (Array.isArray(value)) return value.flatMap((item, index) => jsonTemplateIssues(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(LOOKS_LIKE_PLACEHOLDER.test(key)
        ? [{ path: [...path, key], message: `${dotted(path)}: placeholders are not substituted in keys, only in string values` }]
        : []),
      ...jsonTemplateIssues(item, [...path, key]),
    ]);
  }
  return [];
}

function dotted(path: PropertyKey[]): string {
  return path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('').slice(1).replace(/\.\[/g, '[');
}

/** A required string field whose missing/wrong-type message names it. */
function jsonPathField(name: string, description: string, example: string) {
  return stringField(name)
    .max(JSON_PATH_MAX_LENGTH, `${name} must be at most ${JSON_PATH_MAX_LENGTH} characters`)
    // Not `abort`: an aborting issue would keep the object-level body check from running.
    .refine((path) => path.length > JSON_PATH_MAX_LENGTH || parseJsonPath(path) !== null, {
      message: `${name} must be a JSON path such as "id", "data.charge.id", "$.data.items[0].id" (keys of letters, digits, _ and -; [n] indexes)`,
    })
    .meta({ description, example });
}

function urlField(allowedPrivateHosts: ReadonlySet<string>) {
  return stringField('url')
    .max(URL_MAX_LENGTH, `url must be at most ${URL_MAX_LENGTH} characters`)
    .superRefine((url, ctx) => {
      if (LOOKS_LIKE_PLACEHOLDER.test(url) || url.includes('{')) {
        ctx.addIssue({ code: 'custom', message: 'url may not contain placeholders (they are substituted only in the body)' });
        return;
      }
      try {
        parseProxyUrl(url, allowedPrivateHosts);
      } catch (error) {
        if (!(error instanceof VaultError)) throw error;
        ctx.addIssue({
          code: 'custom',
          message: 'url must be an absolute https URL without user name or password, naming a host (IP addresses only when allow-listed in PROXY_ALLOWED_PRIVATE_HOSTS)',
        });
      }
    })
    .meta({
      description:
        'HTTPS URL of the PSP endpoint, with the same rules as `proxy_url`: host names resolving to private, loopback or link-local addresses are refused at connect time unless allow-listed. No placeholders.',
      example: 'https://api.psp.example/v1/charges',
    });
}

function headerIssues(headers: Record<string, string>): Issue[] {
  const issues: Issue[] = [];
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) issues.push({ path: ['headers'], message: `headers may hold at most ${MAX_HEADERS} entries` });
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const path = ['headers', name];
    // A name is echoed only when it is a plain header name.
    const header = isHeaderName(name) ? `header ${name}` : 'header';
    const lower = name.toLowerCase();
    if (LOOKS_LIKE_PLACEHOLDER.test(name)) {
      issues.push({ path, message: 'header names may not contain placeholders' });
    } else if (!isHeaderName(name)) {
      issues.push({ path, message: "header names must be HTTP tokens (letters, digits and !#$%&'*+-.^_`|~)" });
    } else if (isHopByHopHeader(name) || lower.startsWith('proxy-')) {
      issues.push({ path, message: `${header} is the connection's own (hop-by-hop, Host, Content-Length, Proxy-*) and cannot be configured` });
    } else if (seen.has(lower)) {
      issues.push({ path, message: `${header} is given twice (header names are case-insensitive)` });
    }
    seen.add(lower);
    if (LOOKS_LIKE_PLACEHOLDER.test(value)) {
      issues.push({ path, message: `${header}: values may not contain placeholders (they are substituted only in the body)` });
    } else if (!isSendableHeaderValue(value)) {
      issues.push({ path, message: `${header}: values may not contain control characters or characters beyond Latin-1` });
    } else if (value.length > HEADER_VALUE_MAX_LENGTH) {
      issues.push({ path, message: `${header}: values must be at most ${HEADER_VALUE_MAX_LENGTH} characters` });
    }
  }
  return issues;
}

/** Body type against format, size, and every placeholder known. */
function bodyIssues(format: ProcessorFormat, body: unknown): Issue[] {
  if (format === 'json') {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return [{ path: ['body'], message: 'body must be a JSON object when format is json' }];
    }
    if (JSON.stringify(body).length > BODY_MAX_LENGTH) return [{ path: ['body'], message: `body must be at most ${BODY_MAX_LENGTH} bytes as JSON` }];
    return jsonTemplateIssues(body, ['body']);
  }
  if (typeof body !== 'string') return [{ path: ['body'], message: `body must be a string when format is ${format}` }];
  if (body.length > BODY_MAX_LENGTH) return [{ path: ['body'], message: `body must be at most ${BODY_MAX_LENGTH} characters` }];
  return placeholderProblems(body, format === 'form').map((message) => ({ path: ['body'], message: `body: ${message}` }));
}

/** The error of an object field that is missing or not an object. */
export const objectError = (name: string) => (issue: { code?: string; input?: unknown }) => {
  if (issue.code !== 'invalid_type') return undefined;
  return issue.input === undefined ? `${name} is required` : `${name} must be an object`;
};

const ZSandboxProcessorSchema = z
  .strictObject({ type: z.literal('sandbox') })
  .meta({
    description:
      'Test projects only. Decides by card number: 4000000000000002 declines (card_declined), 4000000000009995 declines (insufficient_funds), 4000000000000119 fails (processor_error), any other valid number approves.',
  });

function httpProcessorSchema(allowedPrivateHosts: ReadonlySet<string>) {
  return z
    .strictObject(
      {
        type: z.literal('http'),
        url: urlField(allowedPrivateHosts),
        method: z
          .enum(processorMethods, { error: `method must be one of ${processorMethods.join(', ')}` })
          .optional()
          .meta({ description: 'HTTP method of the PSP call. Default POST.', example: 'POST' }),
        headers: z
          .record(z.string(), z.string({ error: 'header values must be strings' }), { error: 'headers must be an object of strings' })
          .superRefine((headers, ctx) => {
            for (const issue of headerIssues(headers)) ctx.addIssue({ code: 'custom', path: issue.path.slice(1), message: issue.message });
          })
          .optional()
          .meta({
            description:
              'Headers sent to the PSP as given (names are case-insensitive). Values are secrets: sealed at rest and shown as "********". No placeholders, no hop-by-hop, Host or Content-Length headers. Content-Type defaults by format.',
            example: { Authorization: 'Bearer sk_test_…' },
          }),
        format: z
          .enum(processorFormats, { error: `format must be one of ${processorFormats.join(', ')}` })
          .optional()
          .meta({ description: 'Body format: json (default), form (application/x-www-form-urlencoded) or xml.', example: 'json' }),
        body: z
          .union([z.record(z.string(), z.unknown()), z.string()], { error: 'body is required: an object for json, a string for form or xml' })
          .meta({
            description:
              'Request template: an object for json, a string for form or xml. Placeholders ${cardNumber}, ${expirationMonth}, ${expirationYear}, ${cvv} (${cvc}), ${accountNumber}, ${routingNumber}, ${amount} (e.g. "10.50"), ${amountMinor} (e.g. 1050), ${currency}, ${sessionId} and ${merchantId} are substituted with the escaping of the format (in JSON string values only; a JSON string value that is exactly "${amountMinor}" is sent as a number). Any other ${…} is refused. The body is shown back as written to everyone who may read the merchant: put PSP credentials in `headers` (shown as "********"), never in the body.',
            example: { amount: '${amountMinor}', currency: '${currency}', reference: '${sessionId}', card: { number: '${cardNumber}', exp_month: '${expirationMonth}', exp_year: '${expirationYear}', cvc: '${cvv}' } },
          }),
        success: z
          .strictObject(
            {
              path: jsonPathField('success.path', 'JSON path in the PSP response.', 'status'),
              equals: z
                .union([z.string().max(EQUALS_MAX_LENGTH, `success.equals must be at most ${EQUALS_MAX_LENGTH} characters`), z.number(), z.boolean()], {
                  error: 'success.equals must be a string, a number or a boolean',
                })
                .meta({ description: 'The value the path must hold (compared exactly, type included).', example: 'succeeded' }),
            },
            { error: objectError('success') },
          )
          .optional()
          .meta({ description: 'Besides a 2xx status, the PSP response must hold this value at this path; otherwise the payment is declined.' }),
        transaction_id_path: jsonPathField('transaction_id_path', 'JSON path of the transaction id in the PSP response (a string or a number).', '$.data.charge.id'),
        decline_message_path: jsonPathField('decline_message_path', 'JSON path of a decline message in the PSP response, shown to the customer.', 'error.message').optional(),
      },
      { error: objectError('processor') },
    )
    .superRefine(
      (config, ctx) => {
        for (const issue of bodyIssues(config.format ?? 'json', config.body)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      },
      // Also when other fields fail, so one answer lists every problem; not when body or format itself does,
      // nor when the input is no object at all (zod-to-openapi probes with null and undefined).
      {
        when: (payload) =>
          typeof payload.value === 'object' &&
          payload.value !== null &&
          !payload.issues.some((issue) => issue.path?.[0] === 'body' || issue.path?.[0] === 'format'),
      },
    )
    .meta({ description: 'A PSP request template sent through the same pipeline as POST /proxy/transaction.' });
}

const NO_PRIVATE_HOSTS: ReadonlySet<string> = new Set();
const schemasByHosts = new WeakMap<ReadonlySet<string>, ReturnType<typeof buildProcessorConfigSchema>>();

/**
 * The processor schema with the URL rules of a runtime that allow-lists `allowedPrivateHosts` (IP
 * literals in the URL are accepted only when allow-listed, as for `proxy_url`). Built once per set: the
 * runtime's set lives as long as the runtime, and every Pay re-checks its merchant's processor with it.
 */
export function createProcessorConfigSchema(allowedPrivateHosts: ReadonlySet<string> = NO_PRIVATE_HOSTS) {
  let schema = schemasByHosts.get(allowedPrivateHosts);
  if (!schema) {
    schema = buildProcessorConfigSchema(allowedPrivateHosts);
    schemasByHosts.set(allowedPrivateHosts, schema);
  }
  return schema;
}

function buildProcessorConfigSchema(allowedPrivateHosts: ReadonlySet<string>) {
  return z
    .discriminatedUnion('type', [ZSandboxProcessorSchema, httpProcessorSchema(allowedPrivateHosts)], {
      error: (issue) => {
        if (issue.code === 'invalid_union') return "type must be 'sandbox' or 'http'";
        if (issue.code === 'invalid_type') return issue.input === undefined ? 'processor is required' : 'processor must be an object';
        return undefined;
      },
    })
    .meta({ description: 'The merchant\'s payment processor, discriminated by `type`.' });
}

/** The processor schema with no allow-listed hosts: IP-literal URLs are refused, host names accepted. */
export const ZProcessorConfigSchema = createProcessorConfigSchema();

export type TProcessorConfig = z.infer<typeof ZProcessorConfigSchema>;
export type THttpProcessorConfig = Extract<TProcessorConfig, { type: 'http' }>;

/** The configuration as shown in responses and logs: every header value replaced by "********". */
export function redactProcessorConfig(config: TProcessorConfig): TProcessorConfig {
  if (config.type !== 'http' || config.headers === undefined) return config;
  return { ...config, headers: Object.fromEntries(Object.keys(config.headers).map((name) => [name, REDACTED_HEADER_VALUE])) };
}
