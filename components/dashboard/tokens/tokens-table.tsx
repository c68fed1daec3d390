'use client';
// The tokens table and its drawer. Viewing a row puts `?token=` in the URL, so the server loads the token
// and its audit trail (shareable, back closes it); delete goes through DELETE /api/tokens/{token}.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, useTransition, type ReactNode } from 'react';
import { api } from '../../ui/api-client';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { column, DataTable, type Column } from '../../ui/data-table';
import { DetailList, Drawer } from '../../ui/drawer';
import { formatDate, formatDateTime } from '../../ui/format';
import { toast } from '../../ui/toast';
import { AuditTrail, type AuditTrailRow } from '../audit/audit-trail';

export type TokenRowView = {
  token: string;
  type: 'card' | 'bank';
  mask: string;
  bin: string | null;
  last4: string;
  brand: string | null;
  fingerprint: string;
  test_mode: boolean;
  project_id: string;
  application_id: string | null;
  created_at: string;
  created_by?: unknown;
  token_format?: string;
  metadata?: Record<string, string>;
  expires_at?: string | null;
  last_used_at?: string;
  status?: 'active' | 'expired' | 'deleted';
};

export type SelectedToken = { token: TokenRowView; audit: AuditTrailRow[] };

/** Who created a token, as the API says it (`created_by`), else the application's id. */
function creator(row: TokenRowView): ReactNode {
  const by = row.created_by as { type?: string; id?: string; email?: string | null; name?: string | null } | null | undefined;
  if (by && typeof by === 'object') return by.email ?? by.name ?? by.id ?? '—';
  return row.application_id ? `application ${row.application_id.slice(0, 8)}` : '—';
}

const STATUS_TONES = { active: 'ok', expired: 'warn', deleted: 'danger' } as const;

function StatusBadge({ status }: { status: TokenRowView['status'] }) {
  return status ? <Badge tone={STATUS_TONES[status]}>{status === 'active' ? 'Active' : status === 'expired' ? 'Expired' : 'Deleted'}</Badge> : null;
}

/** The token's own expiry day ("Never" without one; the time on hover) and its status (the project's retention may expire it first). */
function expiry(row: TokenRowView): ReactNode {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span title={row.expires_at ? formatDateTime(row.expires_at) : undefined}>{row.expires_at ? formatDate(row.expires_at) : 'Never'}</span>
      <StatusBadge status={row.status} />
    </span>
  );
}

/** Metadata as `key: value` lines (values are the merchant's own references, never card data). */
function metadataList(metadata: TokenRowView['metadata']): ReactNode {
  const entries = Object.entries(metadata ?? {});
  if (!entries.length) return '—';
  return (
    <dl className="space-y-0.5">
      {entries.map(([key, value]) => (
        <div key={key} className="flex gap-2">
          <dt className="font-mono text-muted">{key}</dt>
          <dd className="break-all font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const columns: Array<Column<TokenRowView>> = [
  column('token', 'Token', (row) => row.token, { mono: true, strong: true }),
  column('type', 'Type', (row) => row.type),
  column('brand', 'Brand', (row) => row.brand ?? '—'),
  column('mask', 'Mask', (row) => row.mask, { mono: true }),
  column('token_format', 'Format', (row) => row.token_format ?? '—'),
  column('expiry', 'Expiry', expiry),
  column('last4', 'Last 4', (row) => row.last4, { mono: true }),
  column('fingerprint', 'Fingerprint', (row) => row.fingerprint.slice(0, 12), { mono: true }),
  column('test_mode', 'Mode', (row) => <Badge tone={row.test_mode ? 'ok' : 'prod'}>{row.test_mode ? 'Test' : 'Live'}</Badge>),
  column('created_at', 'Created', (row) => formatDateTime(row.created_at)),
  column('created_by', 'Created by', creator),
];

export function TokensTable({ rows, selected, canDelete, empty }: { rows: TokenRowView[]; selected: SelectedToken | null; canDelete: boolean; empty: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(!!selected);
  const selectedValue = selected?.token.token;
  useEffect(() => setOpen(!!selectedValue), [selectedValue]);

  const withToken = (token: string | null, dropSearch = false) => {
    const query = new URLSearchParams(searchParams.toString());
    if (token) query.set('token', token);
    else query.delete('token');
    if (dropSearch) query.delete('q');
    const text = query.toString();
    return text ? `${pathname}?${text}` : pathname;
  };

  const view = (row: TokenRowView) => {
    if (row.token === selectedValue) setOpen(true);
    else startTransition(() => router.push(withToken(row.token), { scroll: false }));
  };

  const close = () => {
    setOpen(false);
    if (searchParams.has('token')) router.replace(withToken(null), { scroll: false });
  };

  return (
    <>
      <div aria-busy={pending || undefined}>
        <DataTable label="Tokens" columns={columns} rows={rows} rowId={(row) => row.token} onView={view} viewLabel={(row) => `View token ${row.token}`} rowTestId="token-row" empty={empty} />
      </div>
      {selected && (
        <Drawer open={open} onOpenChange={(next) => (next ? setOpen(true) : close())} title={`Token ${selected.token.token}`}>
          <div className="space-y-6">
            <DetailList
              items={[
                ['Token', <span className="font-mono">{selected.token.token}</span>],
                ['Type', selected.token.type],
                ['Brand', selected.token.brand ?? '—'],
                ['Mask', <span className="font-mono">{selected.token.mask}</span>],
                ['BIN', selected.token.bin ?? '—'],
                ['Last 4', selected.token.last4],
                ['Fingerprint', <span className="font-mono">{selected.token.fingerprint}</span>],
                ['Format', selected.token.token_format ?? '—'],
                ['Status', <StatusBadge status={selected.token.status} />],
                ['Expires', selected.token.expires_at ? formatDateTime(selected.token.expires_at) : 'Never'],
                ['Last used', formatDateTime(selected.token.last_used_at)],
                ['Metadata', metadataList(selected.token.metadata)],
                ['Mode', selected.token.test_mode ? 'Test' : 'Live'],
                ['Application', selected.token.application_id ?? '—'],
                ['Created', formatDateTime(selected.token.created_at)],
                ['Created by', creator(selected.token)],
              ]}
            />
            <section aria-labelledby="token-audit-heading" className="space-y-2">
              <h3 id="token-audit-heading" className="text-sm font-semibold text-strong">
                Audit trail
              </h3>
              <AuditTrail rows={selected.audit} empty="No audit rows name this token." />
            </section>
            {canDelete && selected.token.status !== 'deleted' && (
              <ConfirmDialog
                trigger={<Button variant="danger">Delete token</Button>}
                title="Delete this token?"
                description={`Detokenize and proxy calls with ${selected.token.token} will answer 404 from now on. This cannot be undone.`}
                confirmLabel="Delete token"
                onConfirm={async () => {
                  const result = await api.call('deleteToken', { params: { token: selected.token.token } });
                  if (!result.ok) return result.message;
                  toast.success('Token deleted');
                  setOpen(false);
                  // Back to the listing: a search for the deleted value would only say it is gone.
                  router.replace(withToken(null, true), { scroll: false });
                  router.refresh();
                }}
              />
            )}
          </div>
        </Drawer>
      )}
    </>
  );
}
