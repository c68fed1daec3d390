// The collect-session routes (Vault Elements), in the order they are documented.
import type { DefinedRoute } from '../../http/define-route';
import { POST as createCollectSession } from './create-collect-session';
import { GET as getCollectSession } from './get-collect-session';
import { POST as submitCollectSession } from './submit-collect-session';

export const collectSessionsRoutes: DefinedRoute[] = [createCollectSession, getCollectSession, submitCollectSession];
