// DELETE /proxy/delete-cvc-session/{session_id} — forget a CVC session without using it (handler: lib/api/delete-cvc-session).
export { DELETE } from '../../../../lib/api/delete-cvc-session';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
