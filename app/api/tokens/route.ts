// GET /api/tokens — list the account's tokens, filtered and cursor-paginated (handler: lib/api/tokens).
export { GET } from '../../../lib/api/tokens/list-tokens';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
