// Documentation shared by the audit-log routes' definitions.
import { OTHER_ACCOUNT_404, error } from '../../core/openapi-shapes';

/** The `project_id` filter naming a project the caller's account does not have. */
export const auditProject404 = error(`\`Project not found\` (the \`project_id\` filter). ${OTHER_ACCOUNT_404}`);

/** Reading the audit log is audited too (PCI DSS 10.2.1). */
export const AUDITED_READ = (action: string) =>
  `Each call writes an audit row \`${action}\` (success or failure, the user, the client address; \`resource\` \`project:<id>\` when filtered by \`project_id\`, no other filter value).`;
