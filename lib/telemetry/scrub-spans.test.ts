import { describe, expect, it } from 'vitest';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ScrubbingExporter, scrubAttributes } from './scrub-spans';

describe('scrubAttributes', () => {
  it('cuts query strings from URL attributes and drops query, body and header attributes', () => {
    expect(
      scrubAttributes({
        'url.full': 'https://psp.example/charges?card=4000056655665556&key=sk_live_x',
        'http.target': '/api/tokens/tok_3kT9fQ2xVbN8mWcR5yZ1aH7d?pan=1',
        'url.query': 'pan=1',
        'http.request.header.x_api_key': ['vk_live_secret'],
        'http.request.body.size': 10,
        'http.response.status_code': 200,
      }),
    ).toEqual({ 'url.full': 'https://psp.example/charges', 'http.target': '/api/tokens/{token}', 'http.response.status_code': 200 });
  });

  it('shows a format-preserving token (13–19 digits failing Luhn) as {token}, never as a redacted card number', () => {
    expect(scrubAttributes({ 'exception.message': 'no such token 4242428143964242', card: 'pan 4242424242424242', long: '42424242424242424242' })).toEqual({
      'exception.message': 'no such token {token}',
      card: 'pan [redacted]',
      long: '[redacted]',
    });
  });

  it('redacts runs of 12+ digits (spaced or dashed) in any string, leaves shorter numbers', () => {
    expect(scrubAttributes({ 'exception.message': 'bad card 4000 0566 5566 5556, code 1234', list: ['4000-0566-5566-5556', 'port 5432'] })).toEqual({
      'exception.message': 'bad card [redacted], code 1234',
      list: ['[redacted]', 'port 5432'],
    });
  });
});

describe('ScrubbingExporter', () => {
  it('exports the span scrubbed (name, attributes, events, status) and keeps the rest of it', () => {
    const exported: ReadableSpan[] = [];
    const inner = { export: (spans: ReadableSpan[]) => exported.push(...spans), shutdown: async () => {} } as unknown as SpanExporter;
    const span = {
      name: 'GET 4000056655665556',
      kind: 1,
      attributes: { 'url.full': 'https://x/?a=1' },
      events: [{ name: 'exception', attributes: { 'exception.message': 'pan 4000056655665556' }, time: [0, 0] }],
      status: { code: 2, message: 'failed for 4000056655665556' },
      spanContext: () => ({ traceId: 't', spanId: 's', traceFlags: 1 }),
    } as unknown as ReadableSpan;
    new ScrubbingExporter(inner).export([span], () => {});
    const [view] = exported;
    expect(JSON.stringify({ name: view!.name, attributes: view!.attributes, events: view!.events, status: view!.status })).not.toContain('4000056655665556');
    expect(view!.attributes).toEqual({ 'url.full': 'https://x/' });
    expect(view!.kind).toBe(1);
    expect(view!.spanContext().spanId).toBe('s');
  });
});
