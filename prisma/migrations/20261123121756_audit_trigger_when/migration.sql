-- The append-only trigger fires only for an update it refuses: the WHEN condition is evaluated without
-- entering plpgsql, so the sealer's own updates (filling chain_index, prev_hash and hash of an unsealed
-- row) cost no function call. Deletes are always refused.
DROP TRIGGER "audit_logs_append_only" ON "audit_logs";

CREATE TRIGGER "audit_logs_no_delete" BEFORE DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();

CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE ON "audit_logs"
  FOR EACH ROW
  WHEN (OLD."hash" IS NOT NULL
     OR (NEW."id", NEW."seq", NEW."action", NEW."outcome", NEW."status_code", NEW."project_id", NEW."application_id",
         NEW."user_id", NEW."token_id", NEW."resource", NEW."ip", NEW."request_id", NEW."created_at")
        IS DISTINCT FROM
        (OLD."id", OLD."seq", OLD."action", OLD."outcome", OLD."status_code", OLD."project_id", OLD."application_id",
         OLD."user_id", OLD."token_id", OLD."resource", OLD."ip", OLD."request_id", OLD."created_at"))
  EXECUTE FUNCTION "audit_logs_append_only"();
