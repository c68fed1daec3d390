// The last guard before spans leave the process: whatever an instrumentation recorded, no query string
// (PSP and API URLs may carry anything there), no request or response body attribute, and no run of
// 12-19 digits (a card number in an error message, say) is exported, and no token, CVC session id or
// checkout session id: a path is exported as its route template, ids elsewhere as their parameter name. The instrumentations are configured
// not to record payloads in the first place (start-tracing.ts); this catches what a library version adds.
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { luhnValid } from '../core/luhn';
import { scrubIds, templatePath } from './route-templates';

type Attributes = ReadableSpan['attributes'];

/** URL-valued attributes (old and stable HTTP semantic conventions): kept without their query. */
const URL_KEYS = new Set(['http.url', 'http.target', 'url.full', 'url.original', 'url.path', 'http.route']);
/** Path-valued attributes (the incoming request's target): exported as the route template. */
const PATH_KEYS = new Set(['http.target', 'url.path']);
/** Dropped whatever their value. */
const DROPPED = /^(url\.query|http\.request\.body|http\.response\.body|db\.statement\.values|db\.query\.parameter\.|http\.request\.header\.|http\.response\.header\.)/;
const DIGIT_RUN = /\d[\d -]{10,}\d/g;
const DIGIT_TOKEN = /^\d{13,19}$/;

/**
 * A run of 12 or more digits (spaced or dashed) is `[redacted]`: it may be a card number. Except a
 * format-preserving token (issue 25: 13–19 bare digits that fail Luhn, which no card number does): an id
 * like any other, exported as `{token}`, never shown as a masked card number.
 */
function scrubDigitRun(run: string): string {
  if (DIGIT_TOKEN.test(run) && !luhnValid(run)) return '{token}';
  return run.replace(/\D/g, '').length >= 12 ? '[redacted]' : run;
}

function scrubText(text: string): string {
  return scrubIds(text.replace(DIGIT_RUN, scrubDigitRun));
}

function scrubUrlValue(key: string, value: string): string {
  const withoutQuery = value.split('?')[0]!;
  return scrubText(PATH_KEYS.has(key) && withoutQuery.startsWith('/') ? templatePath(withoutQuery) : withoutQuery);
}

export function scrubAttributes(attributes: Attributes): Attributes {
  const clean: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.test(key)) continue;
    if (typeof value !== 'string') {
      clean[key] = Array.isArray(value) ? (value.map((item: unknown) => (typeof item === 'string' ? scrubText(item) : item)) as typeof value) : value;
      continue;
    }
    clean[key] = URL_KEYS.has(key) ? scrubUrlValue(key, value) : scrubText(value);
  }
  return clean;
}

/** The span as exported: the same span seen through scrubbed attributes, events and status message. */
export function scrubSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: scrubText(span.name) },
    attributes: { value: scrubAttributes(span.attributes) },
    events: { value: span.events.map((event) => ({ ...event, attributes: event.attributes && scrubAttributes(event.attributes) })) },
    status: { value: { ...span.status, ...(span.status.message ? { message: scrubText(span.status.message) } : {}) } },
  }) as ReadableSpan;
}

export class ScrubbingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: Parameters<SpanExporter['export']>[1]): void {
    this.inner.export(spans.map(scrubSpan), resultCallback);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
