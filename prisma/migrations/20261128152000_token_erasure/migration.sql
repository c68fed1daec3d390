-- Issue 25, erasure and retention. Written by hand (Prisma's schema cannot say these), like the expiry index
-- of token_lifecycle.
-- The retention sweep's work list: per project, live tokens by last use (never the whole table).
CREATE INDEX "tokens_retention_due_idx" ON "tokens"("project_id", "last_used_at") WHERE ciphertext IS NOT NULL;

-- Tokens stored (project_token_counts, migration token_counts): a deleted token keeps its row (erased, its
-- deleted_at set) and no longer counts. A row-level trigger only on the change of deleted_at from null, so
-- no other update of tokens (last use, re-seal, expiry) runs anything.
CREATE FUNCTION "project_token_counts_erase"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_token_counts (project_id, slot, tokens) VALUES (NEW.project_id, (pg_backend_pid() % 8)::smallint, -1)
    ON CONFLICT (project_id, slot) DO UPDATE SET tokens = project_token_counts.tokens - 1;
  RETURN NULL;
END $$;

CREATE TRIGGER "tokens_count_erase" AFTER UPDATE OF "deleted_at" ON "tokens"
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION "project_token_counts_erase"();

-- A row removed for good counts only if it was not already erased.
CREATE OR REPLACE FUNCTION "project_token_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_token_counts (project_id, slot, tokens)
    SELECT project_id, (pg_backend_pid() % 8)::smallint, -count(*) FROM old_tokens
    WHERE old_tokens.deleted_at IS NULL AND EXISTS (SELECT 1 FROM projects WHERE projects.id = old_tokens.project_id) GROUP BY project_id
    ON CONFLICT (project_id, slot) DO UPDATE SET tokens = project_token_counts.tokens + EXCLUDED.tokens;
  RETURN NULL;
END $$;
