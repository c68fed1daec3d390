-- An API key an operator made with `vault app create` is a security event on the dashboard too.
-- DropIndex
DROP INDEX "audit_logs_security_events_idx";

-- CreateIndex
CREATE INDEX "audit_logs_security_events_idx" ON "audit_logs"("account_id", "seq") WHERE (action IN ('access.denied', 'account.update', 'application.rotate_key', 'application.delete', 'merchant.rotate_key', 'merchant.delete', 'project.delete', 'member.invite', 'member.update', 'member.remove', 'mfa.enable', 'mfa.disable', 'auth.change_password', 'auth.reset_password', 'auth.reset_expired_password', 'auth.session_revoke', 'auth.sessions_revoke_others', 'user.password_reset_by_operator', 'user.mfa_reset_by_operator', 'user.unlock_by_operator', 'application.create_by_operator') OR (action IN ('auth.login', 'auth.mfa_verify', 'auth.mfa_verify_backup') AND outcome = 'failure'));
