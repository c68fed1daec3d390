-- A project's stored tokens, kept by statement-level triggers on tokens (issue 23): every way a token is
-- written or deleted (the vault's insert, a bulk load, a cascade from its project) adjusts the count once per
-- statement, in the statement's own transaction. The slot is the backend's, so concurrent inserts on
-- different connections update different rows. A cascade from a deleted project adjusts nothing (its count
-- rows go with it).
-- CreateTable
CREATE TABLE "project_token_counts" (
    "project_id" UUID NOT NULL,
    "slot" SMALLINT NOT NULL,
    "tokens" BIGINT NOT NULL,

    CONSTRAINT "project_token_counts_pkey" PRIMARY KEY ("project_id","slot")
);

-- AddForeignKey
ALTER TABLE "project_token_counts" ADD CONSTRAINT "project_token_counts_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "project_token_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_token_counts (project_id, slot, tokens)
    SELECT project_id, (pg_backend_pid() % 8)::smallint, count(*) FROM new_tokens GROUP BY project_id
    ON CONFLICT (project_id, slot) DO UPDATE SET tokens = project_token_counts.tokens + EXCLUDED.tokens;
  RETURN NULL;
END $$;

CREATE FUNCTION "project_token_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_token_counts (project_id, slot, tokens)
    SELECT project_id, (pg_backend_pid() % 8)::smallint, -count(*) FROM old_tokens
    WHERE EXISTS (SELECT 1 FROM projects WHERE projects.id = old_tokens.project_id) GROUP BY project_id
    ON CONFLICT (project_id, slot) DO UPDATE SET tokens = project_token_counts.tokens + EXCLUDED.tokens;
  RETURN NULL;
END $$;

CREATE TRIGGER "tokens_count_insert" AFTER INSERT ON "tokens" REFERENCING NEW TABLE AS new_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION "project_token_counts_add"();
CREATE TRIGGER "tokens_count_delete" AFTER DELETE ON "tokens" REFERENCING OLD TABLE AS old_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION "project_token_counts_remove"();

-- The tokens already stored.
INSERT INTO project_token_counts (project_id, slot, tokens) SELECT project_id, 0, count(*) FROM tokens GROUP BY project_id;
