// Audit rows for a dashboard page (the audit log, a token's trail), read exactly as GET /api/audit-logs
// reads them: the chain sealed first (so `sealed` is current), the same lib listing and presenter, and the
// same `audit.list` row written for the read (PCI DSS 10.2.1: reading the audit log is audited too).
import { headers } from 'next/headers';
import { sealAuditLog } from '@/lib/audit/audit-chain';
import { auditedRead } from '@/lib/api/audit-logs/audit-reads';
import { listAuditLogs, presentAuditRow, type TAuditLogQuery } from '@/lib/audit/list-audit-logs';
import { clientIpFromHeader } from '@/lib/core/client-ip';
import { requestIdFromHeader } from '@/lib/http/request-id';
import type { DashboardContext } from './dashboard-context';

export type AuditRowView = ReturnType<typeof presentAuditRow>;

export async function readAuditLogs(context: DashboardContext, query: TAuditLogQuery): Promise<{ rows: AuditRowView[]; nextCursor: string | null }> {
  const { runtime, user } = context;
  const incoming = await headers();
  // The custom server sets X-Forwarded-For to the resolved client address, as for the API.
  const call = { runtime, user, requestId: requestIdFromHeader(incoming.get('x-request-id')), ip: clientIpFromHeader(incoming.get('x-forwarded-for')) };
  const page = await auditedRead(call, 'audit.list', async (note) => {
    note.projectId = query.project_id;
    await sealAuditLog(runtime);
    const listed = await listAuditLogs(runtime, { accountId: user.accountId, query });
    return { status: 200, ...listed };
  });
  return { rows: page.rows.map(presentAuditRow), nextCursor: page.nextCursor };
}
