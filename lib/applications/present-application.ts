// The public shape of an application in list, get and update responses: never the key or its hash,
// only the key's prefix and when it was last used. Typed by its documented schema (ZApplicationView).
import type { z } from 'zod';
import type { ApplicationPermissions } from './create-application';
import type { ZApplicationPermissionsView, ZApplicationView } from './schemas';

/** The columns a listing reads (no secret column: those are omitted by the client as well). */
export const applicationColumns = {
  id: true,
  projectId: true,
  name: true,
  tokenization: true,
  detokenize: true,
  provisioning: true,
  search: true,
  keyPrefix: true,
  lastUsedAt: true,
  previousKeyExpiresAt: true,
  keyRotatedAt: true,
  createdAt: true,
} as const;

export type ApplicationRow = {
  id: string;
  projectId: string;
  name: string;
  tokenization: boolean;
  detokenize: boolean;
  provisioning: boolean;
  search: boolean;
  keyPrefix: string;
  lastUsedAt: Date | null;
  previousKeyExpiresAt: Date | null;
  keyRotatedAt: Date | null;
  createdAt: Date;
};

/** A row with the uses of its previous key since the rotation (null: no grace period running). */
export type ApplicationViewRow = ApplicationRow & { previousKeyUses: number | null };

/** Whether the previous key still works at `now` (a rotation's grace period is running). */
export const graceActive = (row: Pick<ApplicationRow, 'previousKeyExpiresAt'>, now = Date.now()) =>
  row.previousKeyExpiresAt !== null && row.previousKeyExpiresAt.getTime() > now;

export function presentApplication(row: ApplicationViewRow): z.output<typeof ZApplicationView> {
  const grace = graceActive(row);
  return {
    id: row.id,
    name: row.name,
    project_id: row.projectId,
    permissions: presentPermissions(row),
    key_prefix: row.keyPrefix,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    previous_key_expires_at: grace ? row.previousKeyExpiresAt!.toISOString() : null,
    previous_key_uses: grace ? (row.previousKeyUses ?? 0) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `{tokenization:{allowed}, detokenize:{allowed}, provisioning:{allowed}, search:{allowed}}`, as every response shows a key's permissions. */
export function presentPermissions(permissions: ApplicationPermissions): z.output<typeof ZApplicationPermissionsView> {
  return {
    tokenization: { allowed: permissions.tokenization },
    detokenize: { allowed: permissions.detokenize },
    provisioning: { allowed: permissions.provisioning },
    search: { allowed: permissions.search },
  };
}
