// Management API routes: applications. Kept in their own table so each area grows without touching the others.
import { POST as createApplication } from '../../api/applications/create-application';
import { DELETE as deleteApplication } from '../../api/applications/delete-application';
import { GET as getApplication } from '../../api/applications/get-application';
import { GET as listApplications } from '../../api/applications/list-applications';
import { POST as rotateApplicationKey } from '../../api/applications/rotate-application-key';
import { PUT as updateApplication } from '../../api/applications/update-application';
import type { Route } from './types';

// `/api/applications/key` (verify key) is matched before this table, so it never reaches `{id}`.
export const applicationsRoutes: Route[] = [
  { pattern: /^\/api\/applications$/, params: [], methods: { GET: listApplications, POST: createApplication } },
  { pattern: /^\/api\/applications\/([^/]+)$/, params: ['id'], methods: { GET: getApplication, PUT: updateApplication, DELETE: deleteApplication } },
  { pattern: /^\/api\/applications\/([^/]+)\/rotate-key$/, params: ['id'], methods: { POST: rotateApplicationKey } },
];
