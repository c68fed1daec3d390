// The public shape of an application in list, get and update responses: never the key or its hash,
// only the key's prefix and when it was last used. Typed by its documented schema (ZApplicationView).
import type { z } from 'zod';
import type { ApplicationPermissions } from '../accounts/create-application';
import type { ZApplicationPermissionsView, ZApplicationView } from './schemas';

/** The columns a listing reads (no secret column: those are omitted by the client as well). */
export const applicationColumns = {
  id: true,
  projectId: true,
  name: true,
  tokenization: true,
  detokenize: true,
  provisioning: true,
  keyPrefix: true,
  lastUsedAt: true,
  createdAt: true,
} as const;

export type ApplicationRow = {
  id: string;
  projectId: string;
  name: string;
  tokenization: boolean;
  detokenize: boolean;
  provisioning: boolean;
  keyPrefix: string;
  lastUsedAt: Date | null;
  createdAt: Date;
};

export function presentApplication(row: ApplicationRow): z.output<typeof ZApplicationView> {
  return {
    id: row.id,
    name: row.name,
    project_id: row.projectId,
    permissions: presentPermissions(row),
    key_prefix: row.keyPrefix,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `{tokenization:{allowed}, detokenize:{allowed}, provisioning:{allowed}}`, as every response shows a key's permissions. */
export function presentPermissions(permissions: ApplicationPermissions): z.output<typeof ZApplicationPermissionsView> {
  return {
    tokenization: { allowed: permissions.tokenization },
    detokenize: { allowed: permissions.detokenize },
    provisioning: { allowed: permissions.provisioning },
  };
}
