'use client';
// The project's webhook endpoints: URL (a link to its delivery log) and description, event types, status,
// health over 24 h, and the row's actions for owners and admins.
import Link from 'next/link';
import { useMemo } from 'react';
import { column, DataTable } from '../../ui/data-table';
import { EndpointActions } from './endpoint-actions';
import { EndpointHealth, EndpointStatus, EventTypeBadges, type EndpointView } from './endpoint-view';

export function EndpointsTable({ endpoints, basePath, baseUrl, canManage }: { endpoints: EndpointView[]; basePath: string; baseUrl: string; canManage: boolean }) {
  // Stable columns: the row's dialogs (a secret shown once after a rotation) survive router.refresh().
  const columns = useMemo(
    () => [
      column<EndpointView>('url', 'URL', (endpoint) => (
        <div className="w-40 space-y-0.5 whitespace-normal">
          <Link href={`${basePath}/${endpoint.id}`} className="break-all font-mono text-[13px] font-medium text-strong underline-offset-2 hover:underline" aria-label={`Delivery log of ${endpoint.url}`}>
            {endpoint.url}
          </Link>
          {endpoint.description && <p className="text-xs text-muted">{endpoint.description}</p>}
        </div>
      )),
      column<EndpointView>('event_types', 'Event types', (endpoint) => <EventTypeBadges types={endpoint.event_types} />),
      column<EndpointView>('status', 'Status', (endpoint) => (
        <div className="w-32">
          <EndpointStatus endpoint={endpoint} />
        </div>
      )),
      column<EndpointView>('health', 'Health, 24 h', (endpoint) => (
        <div className="w-40">
          <EndpointHealth health={endpoint.health} />
        </div>
      )),
      ...(canManage
        ? [
            column<EndpointView>('actions', 'Actions', (endpoint) => (
              <div className="flex w-44 flex-wrap gap-1.5">
                <EndpointActions endpoint={endpoint} baseUrl={baseUrl} />
              </div>
            )),
          ]
        : []),
    ],
    [basePath, baseUrl, canManage],
  );
  return <DataTable label="Webhook endpoints" columns={columns} rows={endpoints} rowId={(endpoint) => endpoint.id} rowTestId="endpoint-row" />;
}
