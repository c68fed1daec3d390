-- DropIndex
DROP INDEX "audit_logs_chain_index_key";

-- DropIndex
DROP INDEX "audit_logs_user_id_created_at_idx";

-- CreateIndex
CREATE INDEX "audit_logs_user_id_created_at_idx" ON "audit_logs"("user_id", "created_at") WHERE (user_id IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "audit_logs_chain_index_key" ON "audit_logs"("chain_index") WHERE (chain_index IS NOT NULL);
