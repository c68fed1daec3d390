-- The token list pages (issue 23): a project's tokens newest first, all of them or those of one last4, read
-- as an index range that stops after a page (lib/tokens/list-tokens.ts). Their cost on the insert path is
-- measured by `BENCH_ONLY=scale npm run bench` (tokenize on a full database against an empty one).
-- CreateIndex
CREATE INDEX "tokens_project_id_created_at_id_idx" ON "tokens"("project_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "tokens_project_id_last4_created_at_id_idx" ON "tokens"("project_id", "last4", "created_at" DESC, "id" DESC);
