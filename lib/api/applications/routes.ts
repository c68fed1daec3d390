// The applications routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { POST as createApplication } from './create-application';
import { DELETE as deleteApplication } from './delete-application';
import { DELETE as endApplicationKeyGrace } from './end-application-grace';
import { GET as getApplication } from './get-application';
import { GET as listApplications } from './list-applications';
import { POST as rotateApplicationKey } from './rotate-application-key';
import { PUT as updateApplication } from './update-application';

export const applicationsRoutes: DefinedRoute[] = [listApplications, createApplication, getApplication, updateApplication, deleteApplication, rotateApplicationKey, endApplicationKeyGrace];
