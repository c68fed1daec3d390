// Who created each token of a page: the application whose API key did (tokens carry its id; its name is
// looked up, null once the application is deleted), or — for test tokens made from the dashboard, which
// carry no application — the signed-in user named by the creation's audit row. That row is written in the
// token's own statement with the token's project and created_at (lib/vault/insert-token.ts), so it is
// found on the audit log's (project_id, created_at) index: two small queries per page, whatever its size.
import type { Runtime } from '../runtime/types';
import type { TokenRow } from './token-row';

export type TokenCreator = { type: 'application'; id: string; name: string | null } | { type: 'user'; id: string; email: string | null } | null;

const CREATING_USERS = `
  SELECT l.token_id, l.user_id, u.email
  FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS t(id, project_id, created_at)
  JOIN audit_logs l ON l.project_id = t.project_id AND l.created_at = t.created_at AND l.token_id = t.id
  LEFT JOIN users u ON u.id = l.user_id
  WHERE l.user_id IS NOT NULL AND l.outcome = 'success'`;

export async function withTokenCreators<Row extends TokenRow>(runtime: Pick<Runtime, 'db'>, rows: Row[]): Promise<(Row & { createdBy: TokenCreator })[]> {
  const applicationIds = [...new Set(rows.flatMap((row) => (row.applicationId ? [row.applicationId] : [])))];
  const withoutApplication = rows.filter((row) => !row.applicationId);
  const [applications, users] = await Promise.all([
    applicationIds.length > 0 ? runtime.db.prisma.application.findMany({ where: { id: { in: applicationIds } }, select: { id: true, name: true } }) : [],
    withoutApplication.length > 0
      ? runtime.db.sql.query<{ token_id: string; user_id: string; email: string | null }>(CREATING_USERS, [
          withoutApplication.map((row) => row.id),
          withoutApplication.map((row) => row.projectId),
          withoutApplication.map((row) => row.createdAt.toISOString()),
        ])
      : [],
  ]);
  const names = new Map(applications.map((application) => [application.id, application.name]));
  const creators = new Map(users.map((user) => [user.token_id, { id: user.user_id, email: user.email }]));
  return rows.map((row) => {
    if (row.applicationId) return { ...row, createdBy: { type: 'application' as const, id: row.applicationId, name: names.get(row.applicationId) ?? null } };
    const user = creators.get(row.id);
    return { ...row, createdBy: user ? { type: 'user' as const, ...user } : null };
  });
}
