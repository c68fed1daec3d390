// Documentation shared by the audit-log routes' definitions.
import { OTHER_ACCOUNT_404, error } from '../../openapi/shared';

/** The `project_id` filter naming a project the caller's account does not have. */
export const auditProject404 = error(`\`Project not found\` (the \`project_id\` filter). ${OTHER_ACCOUNT_404}`);
