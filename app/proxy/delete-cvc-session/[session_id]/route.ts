// DELETE /proxy/delete-cvc-session/{session_id} (definition: lib/api/delete-cvc-session.ts)
export { DELETE } from '@/lib/api/delete-cvc-session';
