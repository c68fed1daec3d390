// Reading a collect session: by the merchant's server (its project only; another project's session is
// unknown, 404) and by the field page (its framing). A session past its expiry reads `expired` whether or
// not a write has recorded it yet.
import type { z } from 'zod';
import type { CollectStatus } from '../db/generated/client';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { isCollectSessionId } from './collect-ids';
import type { CollectField } from './collect-rules';
import type { ZCollectSessionView } from './schemas';

export const COLLECT_SESSION_COLUMNS = {
  id: true, projectId: true, applicationId: true, merchantId: true, parentOrigin: true, fields: true, metadata: true, clientSecretHash: true,
  testMode: true, status: true, failedAttempts: true, token: true, cvcSessionId: true, cardBrand: true, cardLast4: true, expMonth: true,
  expYear: true, expiresAt: true, createdAt: true, completedAt: true,
} as const;

export type CollectSessionRow = {
  id: string; projectId: string; applicationId: string | null; merchantId: string | null; parentOrigin: string; fields: string[];
  metadata: unknown; clientSecretHash: string; testMode: boolean; status: CollectStatus; failedAttempts: number; token: string | null;
  cvcSessionId: string | null; cardBrand: string | null; cardLast4: string | null; expMonth: string | null; expYear: string | null;
  expiresAt: Date; createdAt: Date; completedAt: Date | null;
};

/** open, completed or expired as of `now` (an open session past its deadline is expired). */
export function collectStatus(row: Pick<CollectSessionRow, 'status' | 'expiresAt'>, now = new Date()): CollectStatus {
  return row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;
}

export async function findCollectSession(runtime: Pick<Runtime, 'db'>, id: string): Promise<CollectSessionRow | null> {
  if (!isCollectSessionId(id)) return null;
  return runtime.db.prisma.collectSession.findUnique({ where: { id }, select: COLLECT_SESSION_COLUMNS });
}

export function presentCollectSession(row: CollectSessionRow, now = new Date()): z.output<typeof ZCollectSessionView> {
  const status = collectStatus(row, now);
  return {
    success: true,
    id: row.id,
    status,
    parent_origin: row.parentOrigin,
    fields: row.fields as CollectField[],
    metadata: (row.metadata as Record<string, string> | null) ?? null,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    ...(status === 'completed' && row.token
      ? {
          completed_at: row.completedAt?.toISOString(),
          token: row.token,
          ...(row.cvcSessionId ? { cvc_session_id: row.cvcSessionId } : {}),
          brand: row.cardBrand,
          last4: row.cardLast4 ?? '',
          exp_month: row.expMonth ?? '',
          exp_year: row.expYear ?? '',
        }
      : {}),
  };
}

/** GET /collect-sessions/{id}: the key's own project's session, else 404. */
export async function getCollectSession(runtime: Pick<Runtime, 'db'>, projectId: string, id: string): Promise<CollectSessionRow> {
  const row = await findCollectSession(runtime, id);
  if (!row || row.projectId !== projectId) throw new VaultError('not_found', messages.collectSessionNotFound);
  return row;
}
