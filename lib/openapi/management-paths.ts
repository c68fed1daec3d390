// Management API paths (applications, projects, members, tokens, audit logs, internal provisioning).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  ZCreateApplicationRequestSchema,
  ZListApplicationsQuerySchema,
  ZRotateApplicationKeyRequestSchema,
  ZUpdateApplicationRequestSchema,
} from '../applications/schemas';
import { ZAuditLogQuerySchema } from '../audit/list-audit-logs';
import { ZInviteMemberRequestSchema, ZUpdateMemberRequestSchema } from '../members/schemas';
import { ZCreateProjectRequestSchema, ZProvisionRequestSchema, ZUpdateProjectRequestSchema } from '../projects/schemas';
import { ZListTokensQuerySchema } from '../tokens/schemas';
import {
  ZApplicationView,
  ZAuditLogView,
  ZAuditVerifyResponse,
  ZCreatedApplication,
  ZMemberView,
  ZProjectView,
  ZProvisionResponse,
  ZRotatedKey,
  ZTokenView,
  dataResponse,
  pageResponse,
} from './management-responses';
import { ZMessageResponseSchema } from './responses';
import { ANY_ROLE, MANAGERS_ONLY, OTHER_ACCOUNT_404, bodyErrors, error, json, managerErrors, sessionErrors, sessionSecurity } from './shared';

const idParam = (what: string) => z.object({ id: z.string().meta({ description: `${what} id.` }) });
const ok = (description: string, schema: z.ZodType) => ({ description, ...json(schema) });
const deleted = (description: string) => ok(description, ZMessageResponseSchema);

export function registerManagementPaths(registry: OpenAPIRegistry): void {
  // Applications
  const notFoundApp = { 404: error(`\`Application not found\`. ${OTHER_ACCOUNT_404}`) };
  registry.registerPath({
    method: 'get',
    path: '/api/applications',
    tags: ['Applications'],
    summary: 'List the account\'s applications',
    description: `${ANY_ROLE} Optionally only those of one project. Never returns keys, only their prefix.`,
    ...sessionSecurity,
    request: { query: ZListApplicationsQuerySchema },
    responses: { 200: ok('Applications.', dataResponse('ApplicationList', z.array(ZApplicationView))), 400: bodyErrors[400], ...sessionErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/applications',
    tags: ['Applications'],
    summary: 'Create an application and its API key',
    description: `${MANAGERS_ONLY} The API key is returned this once. Without \`project_id\` the application goes to the account's oldest test project; a \`project_id\` of another account is 404.`,
    ...sessionSecurity,
    request: { body: json(ZCreateApplicationRequestSchema) },
    responses: { 201: ok('Created; `api_key` is shown only now.', dataResponse('CreatedApplicationResponse', ZCreatedApplication)), 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`), ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/applications/{id}',
    tags: ['Applications'],
    summary: 'Get one application',
    description: `${ANY_ROLE} Key prefix only, never the key. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Application') },
    responses: { 200: ok('The application.', dataResponse('ApplicationResponse', ZApplicationView)), ...notFoundApp, ...sessionErrors },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/applications/{id}',
    tags: ['Applications'],
    summary: 'Rename an application or change its permissions',
    description: `${MANAGERS_ONLY} ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Application'), body: json(ZUpdateApplicationRequestSchema) },
    responses: { 200: ok('Updated.', dataResponse('ApplicationResponse', ZApplicationView)), ...notFoundApp, ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/applications/{id}',
    tags: ['Applications'],
    summary: 'Delete an application',
    description: `${MANAGERS_ONLY} Its API key stops working at once. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Application') },
    responses: { 200: deleted('`Application deleted`.'), ...notFoundApp, ...managerErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/applications/{id}/rotate-key',
    tags: ['Applications'],
    summary: 'Rotate an application\'s API key',
    description: `${MANAGERS_ONLY} The new key is shown once; the old key keeps working for \`grace_period_seconds\` (default 0, at most one week). The body is optional. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Application'), body: { ...json(ZRotateApplicationKeyRequestSchema), required: false } },
    responses: { 200: ok('Rotated; `api_key` is shown only now.', dataResponse('RotatedKeyResponse', ZRotatedKey)), ...notFoundApp, ...bodyErrors, ...managerErrors },
  });

  // Projects
  const notFoundProject = { 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`) };
  registry.registerPath({
    method: 'get',
    path: '/api/projects',
    tags: ['Projects'],
    summary: 'List the account\'s projects',
    description: ANY_ROLE,
    ...sessionSecurity,
    responses: { 200: ok('Projects.', dataResponse('ProjectList', z.array(ZProjectView))), ...sessionErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/projects',
    tags: ['Projects'],
    summary: 'Create a project',
    description: `${MANAGERS_ONLY} \`production: true\` creates a production project with a pub key; otherwise a test project.`,
    ...sessionSecurity,
    request: { body: json(ZCreateProjectRequestSchema) },
    responses: { 201: ok('Created.', dataResponse('ProjectResponse', ZProjectView)), ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/projects/{id}',
    tags: ['Projects'],
    summary: 'Get one project',
    description: `${ANY_ROLE} Includes the pub key of production projects. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Project') },
    responses: { 200: ok('The project.', dataResponse('ProjectResponse', ZProjectView)), ...notFoundProject, ...sessionErrors },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/projects/{id}',
    tags: ['Projects'],
    summary: 'Rename a project or rotate its pub key',
    description: `${MANAGERS_ONLY} ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Project'), body: json(ZUpdateProjectRequestSchema) },
    responses: { 200: ok('Updated.', dataResponse('ProjectResponse', ZProjectView)), ...notFoundProject, ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/projects/{id}',
    tags: ['Projects'],
    summary: 'Delete a project with its applications and tokens',
    description: `${MANAGERS_ONLY} The account's last test project cannot be deleted (409). ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Project') },
    responses: { 200: deleted('`Project deleted`.'), ...notFoundProject, 409: error('`conflict`: the account\'s last test project.'), ...managerErrors },
  });

  // Members
  const notFoundMember = { 404: error(`\`Member not found\`. ${OTHER_ACCOUNT_404}`) };
  const ownerRule = 'Only an owner grants, changes or removes the owner role (an admin doing so gets 403).';
  registry.registerPath({
    method: 'get',
    path: '/api/members',
    tags: ['Members'],
    summary: 'List the account\'s users',
    description: ANY_ROLE,
    ...sessionSecurity,
    responses: { 200: ok('Members.', dataResponse('MemberList', z.array(ZMemberView))), ...sessionErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/members',
    tags: ['Members'],
    summary: 'Invite a user by email',
    description: `${MANAGERS_ONLY} ${ownerRule}`,
    ...sessionSecurity,
    request: { body: json(ZInviteMemberRequestSchema) },
    responses: { 201: ok('Invited.', dataResponse('MemberResponse', ZMemberView)), 409: error('`conflict`: the email is already registered.'), ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/members/{id}',
    tags: ['Members'],
    summary: 'Change a member\'s role or name',
    description: `${MANAGERS_ONLY} ${ownerRule} The account always keeps an owner (409). ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Member (user)'), body: json(ZUpdateMemberRequestSchema) },
    responses: { 200: ok('Updated.', dataResponse('MemberResponse', ZMemberView)), ...notFoundMember, 409: error('`conflict`: the account must keep at least one owner.'), ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/members/{id}',
    tags: ['Members'],
    summary: 'Remove a member',
    description: `${MANAGERS_ONLY} ${ownerRule} The last owner cannot be removed (409). ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam('Member (user)') },
    responses: { 200: deleted('`Member removed`.'), ...notFoundMember, 409: error('`conflict`: the account must keep at least one owner.'), ...managerErrors },
  });

  // Internal provisioning (API key, not a session)
  registry.registerPath({
    method: 'post',
    path: '/internal/provision',
    tags: ['Projects'],
    summary: 'Provision a sub-project and an application (API key)',
    description: 'Called with an API key that has the **provisioning** permission (403 otherwise): creates a project in the key\'s account and an application allowed to tokenize there. `api_key` (and `pub_key` for production) are shown once.',
    security: [{ ApiKey: [] }],
    request: { body: json(ZProvisionRequestSchema) },
    responses: {
      201: ok('Provisioned.', ZProvisionResponse),
      ...bodyErrors,
      401: error('`Invalid API key`.'),
      403: error('`Insufficient permissions`: the key lacks the provisioning permission.'),
      503: sessionErrors[503],
    },
  });

  // Tokens
  const tokenParam = z.object({ token: z.string().meta({ description: 'The token (`tok_…`).' }) });
  registry.registerPath({
    method: 'get',
    path: '/api/tokens',
    tags: ['Tokens'],
    summary: 'List the account\'s tokens',
    description: `${ANY_ROLE} Filtered, newest first, cursor-paginated; masked data only, never decrypted. Unknown query parameters are a 400.`,
    ...sessionSecurity,
    request: { query: ZListTokensQuerySchema },
    responses: { 200: ok('A page of tokens.', pageResponse('TokenPage', ZTokenView)), 400: bodyErrors[400], ...sessionErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/tokens/{token}',
    tags: ['Tokens'],
    summary: 'Get one token\'s metadata',
    description: `${ANY_ROLE} Masked data only. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: tokenParam },
    responses: { 200: ok('The token.', dataResponse('TokenViewResponse', ZTokenView)), 404: error(`\`Token not found\`. ${OTHER_ACCOUNT_404}`), ...sessionErrors },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/tokens/{token}',
    tags: ['Tokens'],
    summary: 'Delete a token for good',
    description: [
      'Either a session of role **owner**, **admin** or **developer** (viewer → 403), scoped to the account; or an `X-API-Key` with the tokenization permission, scoped to the key\'s project, optionally with `Authorization: Bearer <session JWT>` naming the person behind the call (a Bearer that does not verify is 401; cookies are ignored with a key).',
      `Detokenize and proxy answer 404 for the token from then on. Tokens outside the caller's scope (another account or project) are 404.`,
    ].join('\n\n'),
    security: [{ SessionAuth: [] }, { SessionCookie: [] }, { ApiKey: [] }, { ApiKey: [], SessionAuth: [] }],
    request: { params: tokenParam },
    responses: {
      200: deleted('`Token deleted`.'),
      404: error('`Token not found`.'),
      401: error('`Authentication required` (no or invalid session) or `Invalid API key`.'),
      403: error('`Insufficient permissions`: viewer role, or a key without the tokenization permission.'),
      503: sessionErrors[503],
    },
  });

  // Audit logs
  const auditProject404 = error(`\`Project not found\` (the \`project_id\` filter). ${OTHER_ACCOUNT_404}`);
  registry.registerPath({
    method: 'get',
    path: '/api/audit-logs',
    tags: ['Audit logs'],
    summary: 'List the account\'s audit rows',
    description: `${ANY_ROLE} The rows of the account's projects and users, filtered, newest first, cursor-paginated (default 50, at most 100 per page). A \`project_id\` of another account is 404.`,
    ...sessionSecurity,
    request: { query: ZAuditLogQuerySchema },
    responses: { 200: ok('A page of audit rows.', pageResponse('AuditLogPage', ZAuditLogView)), 400: bodyErrors[400], 404: auditProject404, ...sessionErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/audit-logs/export',
    tags: ['Audit logs'],
    summary: 'Export audit rows as CSV',
    description: 'Owner and admin only (others 403). The same filters as the listing (`limit` is ignored); at most 100 000 rows. A `project_id` of another account is 404.',
    ...sessionSecurity,
    request: { query: ZAuditLogQuerySchema },
    responses: {
      200: { description: 'CSV attachment.', content: { 'text/csv': { schema: { type: 'string' } } } },
      400: bodyErrors[400],
      404: auditProject404,
      ...managerErrors,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/audit-logs/verify',
    tags: ['Audit logs'],
    summary: 'Verify the audit hash chain',
    description: 'Owner and admin only (others 403). Recomputes the hash chain; `first_broken_id` names the first row that does not match. There is one chain for the whole installation, so `checked` counts every account\'s rows and the broken row may belong to another account (only its id is shown).',
    ...sessionSecurity,
    responses: { 200: ok('Verification result.', ZAuditVerifyResponse), ...managerErrors },
  });
}
