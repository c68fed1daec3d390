// The projects routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { POST as createProject } from './create-project';
import { DELETE as deleteProject } from './delete-project';
import { GET as getProject } from './get-project';
import { GET as listProjects } from './list-projects';
import { PUT as updateProject } from './update-project';

export const projectsRoutes: DefinedRoute[] = [listProjects, createProject, getProject, updateProject, deleteProject];
