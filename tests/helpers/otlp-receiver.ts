// A local OTLP/HTTP receiver on loopback: collects the spans a process exports as JSON
// (exporter-trace-otlp-http's protocol) to POST /v1/traces, and keeps every request's raw body so a test
// can check that something appears in no exported byte.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSpan = { name: string; kind: number; attributes: Record<string, unknown>; scope: string };

export type OtlpReceiver = {
  url: string;
  /** Every span received so far, attributes flattened to plain values. */
  spans(): ReceivedSpan[];
  /** Every request body received so far, concatenated. */
  raw(): string;
  close(): Promise<void>;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
const plain = (value: AnyValue): unknown =>
  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue ?? value.arrayValue?.values?.map(plain);

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: { name: string; kind: number; attributes?: { key: string; value: AnyValue }[] }[] }[] }[] };
        for (const resource of parsed.resourceSpans ?? []) {
          for (const scoped of resource.scopeSpans ?? []) {
            for (const span of scoped.spans ?? []) {
              const attributes = Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, plain(value)]));
              spans.push({ name: span.name, kind: span.kind, attributes, scope: scoped.scope?.name ?? '' });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => [...spans],
    raw: () => bodies.join('\n'),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
