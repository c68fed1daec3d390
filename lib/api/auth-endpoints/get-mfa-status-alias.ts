// GET /mfa-status — the MFA status at the root path, the same answer as GET /auth/mfa/status.
import { defineRoute } from '../../http/define-route';
import { mfaStatusRoute } from './get-mfa-status';

export const GET = defineRoute({ method: 'GET', path: '/mfa-status', operationId: 'getMfaStatusAlias', summary: 'MFA status (alias of /auth/mfa/status)', ...mfaStatusRoute });
