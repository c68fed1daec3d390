// POST /internal/provision — create a sub-project and a tokenizing application with a provisioning key (handler: lib/api/internal-provision).
export { POST } from '../../../lib/api/internal-provision';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
