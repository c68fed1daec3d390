// Management API routes: projects (and members, and POST /internal/provision). Kept in their own table so
// each area grows without touching the others.
import * as member from '../../api/members/member';
import * as members from '../../api/members/members';
import { POST as provision } from '../../api/internal-provision';
import * as project from '../../api/projects/project';
import * as projects from '../../api/projects/projects';
import type { Route } from './types';

export const projectsRoutes: Route[] = [
  { pattern: /^\/api\/projects$/, params: [], methods: { GET: projects.GET, POST: projects.POST } },
  { pattern: /^\/api\/projects\/([^/]+)$/, params: ['id'], methods: { GET: project.GET, PUT: project.PUT, DELETE: project.DELETE } },
  { pattern: /^\/api\/members$/, params: [], methods: { GET: members.GET, POST: members.POST } },
  { pattern: /^\/api\/members\/([^/]+)$/, params: ['id'], methods: { PUT: member.PUT, DELETE: member.DELETE } },
  { pattern: /^\/internal\/provision$/, params: [], methods: { POST: provision } },
];
