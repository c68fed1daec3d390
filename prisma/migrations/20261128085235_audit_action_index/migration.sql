-- GET /api/audit-logs (issue 23). Its rows of an account are read as two index ranges, newest first, that
-- stop after the page: the rows with the account's id, and the rows without an account (written before
-- account_id existed) of its projects and users. One OR over both had PostgreSQL walk the whole log in seq
-- order, filtering: 25 ms at 2 million rows for a 7-day action filter, 230 ms for a range 100 days back.
-- An action filter reads the asked action's rows only. The insert cost of the action index is measured by
-- the scale bench (BENCH_ONLY=scale); the partial index holds only rows without an account.
-- CreateIndex
CREATE INDEX "audit_logs_account_id_action_created_at_idx" ON "audit_logs"("account_id", "action", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_without_account_idx" ON "audit_logs"("created_at") WHERE (account_id IS NULL);
