-- CreateIndex
CREATE INDEX "checkout_sessions_open_expires_at_idx" ON "checkout_sessions"("expires_at") WHERE (status = 'open');
