// The last guard before spans leave the process: whatever an instrumentation recorded, no query string
// (PSP and API URLs may carry anything there), no request or response body attribute, and no run of
// 12-19 digits (a card number in an error message, say) is exported. The instrumentations are configured
// not to record payloads in the first place (start-tracing.ts); this catches what a library version adds.
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

type Attributes = ReadableSpan['attributes'];

/** URL-valued attributes (old and stable HTTP semantic conventions): kept without their query. */
const URL_KEYS = new Set(['http.url', 'http.target', 'url.full', 'url.original', 'http.route']);
/** Dropped whatever their value. */
const DROPPED = /^(url\.query|http\.request\.body|http\.response\.body|db\.statement\.values|db\.query\.parameter\.|http\.request\.header\.|http\.response\.header\.)/;
const DIGIT_RUN = /\d[\d -]{10,}\d/g;

function scrubText(text: string): string {
  return text.replace(DIGIT_RUN, (run) => (run.replace(/\D/g, '').length >= 12 ? '[redacted]' : run));
}

export function scrubAttributes(attributes: Attributes): Attributes {
  const clean: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.test(key)) continue;
    if (typeof value !== 'string') {
      clean[key] = Array.isArray(value) ? (value.map((item: unknown) => (typeof item === 'string' ? scrubText(item) : item)) as typeof value) : value;
      continue;
    }
    clean[key] = scrubText(URL_KEYS.has(key) ? value.split('?')[0]! : value);
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
