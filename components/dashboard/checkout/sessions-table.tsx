'use client';
// A merchant's checkout sessions (as GET /api/checkout-sessions presents them) and a drawer with one
// session's attempts: time, outcome, decline message, transaction id (card brand and last 4 only). The mode
// column tells a payment from a setup session (which saves a card, has no amount and charges nothing).
import { useState, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../ui/badge';
import { column, DataTable, type Column } from '../../ui/data-table';
import { DetailList, Drawer } from '../../ui/drawer';
import { formatDateTime } from '../../ui/format';

type Attempt = { created_at: string; outcome: 'approved' | 'declined' | 'failed'; code: string | null; decline_message: string | null; transaction_id: string | null; brand: string | null; last4: string | null };
export type SessionRow = {
  id: string;
  status: 'open' | 'completed' | 'cancelled' | 'expired';
  mode: 'payment' | 'setup';
  amount: string | null;
  currency: string | null;
  embed_mode: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  transaction_id: string | null;
  attempt_details: Attempt[];
};

const STATUS_TONES: Record<SessionRow['status'], BadgeTone> = { open: 'accent', completed: 'ok', cancelled: 'neutral', expired: 'warn' };
const OUTCOME_TONES: Record<Attempt['outcome'], BadgeTone> = { approved: 'ok', declined: 'warn', failed: 'danger' };
const MODE_TONES: Record<SessionRow['mode'], BadgeTone> = { payment: 'neutral', setup: 'accent' };

/** "12.50 EUR"; a setup session has no amount ("—"). */
const amountText = (row: SessionRow) => (row.amount === null || row.currency === null ? '—' : `${row.amount} ${row.currency}`);

const columns: Array<Column<SessionRow>> = [
  column('id', 'Session', (row) => row.id, { mono: true, strong: true }),
  column('status', 'Status', (row) => <Badge tone={STATUS_TONES[row.status]}>{row.status}</Badge>),
  column('mode', 'Mode', (row) => <Badge tone={MODE_TONES[row.mode]}>{row.mode}</Badge>),
  column('amount', 'Amount', amountText, { mono: true }),
  column('embed_mode', 'Embed mode', (row) => row.embed_mode),
  column('attempts', 'Attempts', (row) => String(row.attempts)),
  column('created_at', 'Created', (row) => formatDateTime(row.created_at)),
  column('expires_at', 'Expires', (row) => formatDateTime(row.expires_at)),
];

export function SessionsTable({ rows, empty }: { rows: SessionRow[]; empty: ReactNode }) {
  const [openId, setOpenId] = useState<string>();
  const open = rows.find((row) => row.id === openId);
  return (
    <>
      <DataTable label="Checkout sessions" columns={columns} rows={rows} rowId={(row) => row.id} onView={(row) => setOpenId(row.id)} viewLabel={(row) => `View session ${row.id}`} rowTestId="session-row" empty={empty} />
      {open && (
        <Drawer open onOpenChange={(next) => !next && setOpenId(undefined)} title={`Session ${open.id}`}>
          <div className="space-y-6">
            <DetailList
              items={[
                ['Status', open.status],
                ['Mode', open.mode],
                ['Amount', amountText(open)],
                ['Embed mode', open.embed_mode],
                ['Attempts', String(open.attempts)],
                ['Transaction id', open.transaction_id ? <span className="font-mono">{open.transaction_id}</span> : '—'],
                ['Created', formatDateTime(open.created_at)],
                ['Expires', formatDateTime(open.expires_at)],
                ['Completed', formatDateTime(open.completed_at)],
              ]}
            />
            <section aria-labelledby="attempts-heading" className="space-y-2">
              <h3 id="attempts-heading" className="text-sm font-semibold text-strong">
                Attempts
              </h3>
              {open.attempt_details.length === 0 ? (
                <p className="text-muted">No payment attempts yet.</p>
              ) : (
                <ol className="divide-y divide-line rounded-lg border border-line">
                  {open.attempt_details.map((attempt, index) => (
                    <li key={`${attempt.created_at}-${index}`} data-testid="attempt" className="space-y-1 px-3 py-2">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="text-strong">{formatDateTime(attempt.created_at)}</span>
                        <Badge tone={OUTCOME_TONES[attempt.outcome]}>{attempt.outcome}</Badge>
                      </div>
                      <p className="text-xs text-muted">
                        {[attempt.brand, attempt.last4 && `•••• ${attempt.last4}`].filter(Boolean).join(' ') || 'Card not recorded'}
                        {attempt.transaction_id && (
                          <>
                            {' · transaction '}
                            <span className="font-mono text-fg" data-testid="attempt-transaction-id">
                              {attempt.transaction_id}
                            </span>
                          </>
                        )}
                      </p>
                      {attempt.decline_message && (
                        <p className="text-xs text-warn">
                          {attempt.code ? `${attempt.code}: ` : ''}
                          {attempt.decline_message}
                        </p>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        </Drawer>
      )}
    </>
  );
}
