'use client';
// The project's merchants: name, processor, service key prefix, created. Viewing a row opens the
// merchant's page (its sessions, edit, rotate, delete, test session).
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/badge';
import { column, DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';

export type MerchantRow = { id: string; name: string; processor: { type: 'sandbox' } | { type: 'http'; url: string }; key_prefix: string; created_at: string };

const columns: Array<Column<MerchantRow>> = [
  column('name', 'Name', (row) => row.name, { strong: true }),
  column('processor', 'Processor', (row) => (row.processor.type === 'sandbox' ? <Badge tone="ok">Sandbox</Badge> : <span title={row.processor.url}>HTTP · {new URL(row.processor.url).host}</span>)),
  column('key', 'Service key', (row) => `${row.key_prefix}…`, { mono: true }),
  column('created_at', 'Created', (row) => formatDateTime(row.created_at)),
];

export function MerchantsTable({ rows, basePath, empty }: { rows: MerchantRow[]; basePath: string; empty: ReactNode }) {
  const router = useRouter();
  return <DataTable label="Merchants" columns={columns} rows={rows} rowId={(row) => row.id} onView={(row) => router.push(`${basePath}/${row.id}`)} viewLabel={(row) => `View merchant ${row.name}`} rowTestId="merchant-row" empty={empty} />;
}
