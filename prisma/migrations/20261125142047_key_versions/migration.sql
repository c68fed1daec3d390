-- AlterTable
ALTER TABLE "audit_logs" ADD COLUMN     "account_id" UUID;

-- AlterTable
ALTER TABLE "merchants" ADD COLUMN     "processor_key_version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "data_key_version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fingerprint_key_wrapped" BYTEA;

-- AlterTable
ALTER TABLE "tokens" ADD COLUMN     "key_version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "project_data_keys" (
    "project_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "wrapped_key" BYTEA NOT NULL,
    "retired_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_data_keys_pkey" PRIMARY KEY ("project_id","version")
);

-- CreateTable
CREATE TABLE "vault_keys" (
    "name" TEXT NOT NULL,
    "wrapped" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vault_keys_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "audit_logs_account_id_created_at_idx" ON "audit_logs"("account_id", "created_at");

-- AddForeignKey
ALTER TABLE "project_data_keys" ADD CONSTRAINT "project_data_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- account_id joins the content that may not change before sealing (rows written before this migration keep
-- a null account_id: they are not rewritten, the log is append-only; listing finds them by project or user).
DROP TRIGGER "audit_logs_append_only" ON "audit_logs";

CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE ON "audit_logs"
  FOR EACH ROW
  WHEN (OLD."hash" IS NOT NULL
     OR (NEW."id", NEW."seq", NEW."action", NEW."outcome", NEW."status_code", NEW."account_id", NEW."project_id", NEW."application_id",
         NEW."user_id", NEW."token_id", NEW."resource", NEW."ip", NEW."request_id", NEW."created_at")
        IS DISTINCT FROM
        (OLD."id", OLD."seq", OLD."action", OLD."outcome", OLD."status_code", OLD."account_id", OLD."project_id", OLD."application_id",
         OLD."user_id", OLD."token_id", OLD."resource", OLD."ip", OLD."request_id", OLD."created_at"))
  EXECUTE FUNCTION "audit_logs_append_only"();
