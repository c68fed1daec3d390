// One statement writes the token row and its audit row: one commit (one WAL flush) instead of two, and
// the token can never exist without the audit record of its creation.
import type { AuditEntry } from '../audit/record-audit';
import type { Database } from '../db/connect';
import { randomUUID } from 'node:crypto';

export type TokenRow = {
  id: string;
  token: string;
  projectId: string;
  applicationId: string;
  type: 'card' | 'bank';
  ciphertext: Uint8Array<ArrayBuffer>;
  mask: string;
  bin: string | null;
  last4: string;
  brand: string | null;
  fingerprint: string;
  testMode: boolean;
  createdAt: Date;
};

export async function insertTokenWithAudit(db: Pick<Database, 'prisma'>, row: TokenRow, audit: AuditEntry): Promise<void> {
  await db.prisma.$executeRaw`
    WITH inserted AS (
      INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at)
      VALUES (${row.id}::uuid, ${row.token}, ${row.projectId}::uuid, ${row.applicationId}::uuid, ${row.type}::"TokenType",
              ${row.ciphertext}, ${row.mask}, ${row.bin}, ${row.last4}, ${row.brand}, ${row.fingerprint}, ${row.testMode}, ${row.createdAt})
      RETURNING id
    )
    INSERT INTO audit_logs (id, action, outcome, status_code, project_id, application_id, user_id, token_id, ip, request_id, created_at)
    SELECT ${randomUUID()}::uuid, ${audit.action}, ${audit.outcome}, ${audit.statusCode}, ${audit.projectId ?? null}::uuid,
           ${audit.applicationId ?? null}::uuid, ${audit.userId ?? null}::uuid, inserted.id, ${audit.ip ?? null}, ${audit.requestId}, ${row.createdAt}
    FROM inserted`;
}
