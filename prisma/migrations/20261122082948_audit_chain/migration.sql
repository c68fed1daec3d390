-- AlterTable
ALTER TABLE "audit_logs" ADD COLUMN     "chain_index" BIGINT,
ADD COLUMN     "hash" TEXT,
ADD COLUMN     "prev_hash" TEXT,
ADD COLUMN     "seq" BIGSERIAL NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "audit_logs_seq_key" ON "audit_logs"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "audit_logs_chain_index_key" ON "audit_logs"("chain_index");

-- CreateIndex
CREATE INDEX "audit_logs_user_id_created_at_idx" ON "audit_logs"("user_id", "created_at");

-- Append-only: rows are never deleted, and only the sealer's columns may be filled in, once.
CREATE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_logs is append-only';
  END IF;
  IF OLD."hash" IS NOT NULL
     OR (NEW."id", NEW."seq", NEW."action", NEW."outcome", NEW."status_code", NEW."project_id", NEW."application_id",
         NEW."user_id", NEW."token_id", NEW."ip", NEW."request_id", NEW."created_at")
        IS DISTINCT FROM
        (OLD."id", OLD."seq", OLD."action", OLD."outcome", OLD."status_code", OLD."project_id", OLD."application_id",
         OLD."user_id", OLD."token_id", OLD."ip", OLD."request_id", OLD."created_at") THEN
    RAISE EXCEPTION 'audit_logs rows cannot change once written';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();
