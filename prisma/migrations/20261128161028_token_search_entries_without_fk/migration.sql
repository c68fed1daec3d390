-- Issue 25: the metadata search entries lose their foreign key to tokens. Its check ran for every entry a
-- tokenize writes (a lookup of the new token's row with a row lock, in the insert's statement); the entries
-- of a removed token now go by a statement-level trigger (removals are rare: a project's deletion cascading
-- to its tokens), and erasure deletes them itself (lib/tokens/erase-tokens.ts).
ALTER TABLE "token_search_entries" DROP CONSTRAINT "token_search_entries_token_id_fkey";

CREATE FUNCTION "token_search_entries_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM token_search_entries e USING removed_tokens r WHERE e.token_id = r.id;
  RETURN NULL;
END $$;

CREATE TRIGGER "tokens_remove_search_entries" AFTER DELETE ON "tokens"
  REFERENCING OLD TABLE AS removed_tokens FOR EACH STATEMENT EXECUTE FUNCTION "token_search_entries_remove"();
