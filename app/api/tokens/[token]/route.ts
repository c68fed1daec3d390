// GET, DELETE /api/tokens/{token} — get a token's masked data; delete it for good (handlers: lib/api/tokens).
export { GET } from '../../../../lib/api/tokens/get-token';
export { DELETE } from '../../../../lib/api/tokens/delete-token';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
