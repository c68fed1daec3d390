-- The trigger's WHEN clause (20261125142047_key_versions) lists account_id, but the function it calls
-- still compared the older column list, so a change of account_id alone on an unsealed row passed the
-- function and was let through. The function now compares the same columns as the WHEN clause.
CREATE OR REPLACE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_logs is append-only';
  END IF;
  IF OLD."hash" IS NOT NULL
     OR (NEW."id", NEW."seq", NEW."action", NEW."outcome", NEW."status_code", NEW."account_id", NEW."project_id", NEW."application_id",
         NEW."user_id", NEW."token_id", NEW."resource", NEW."ip", NEW."request_id", NEW."created_at")
        IS DISTINCT FROM
        (OLD."id", OLD."seq", OLD."action", OLD."outcome", OLD."status_code", OLD."account_id", OLD."project_id", OLD."application_id",
         OLD."user_id", OLD."token_id", OLD."resource", OLD."ip", OLD."request_id", OLD."created_at") THEN
    RAISE EXCEPTION 'audit_logs rows cannot change once written';
  END IF;
  RETURN NEW;
END;
$$;
