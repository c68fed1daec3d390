-- CreateTable
CREATE TABLE "audit_seals" (
    "seal_index" BIGINT NOT NULL,
    "first_seq" BIGINT NOT NULL,
    "last_seq" BIGINT NOT NULL,
    "row_ids" UUID[],
    "row_macs" BYTEA NOT NULL,
    "row_count" BIGINT NOT NULL,
    "prev_mac" BYTEA NOT NULL,
    "mac" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_seals_pkey" PRIMARY KEY ("seal_index")
);

-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "name" TEXT NOT NULL,
    "seal_index" BIGINT NOT NULL,
    "seal_mac" BYTEA NOT NULL,
    "mac" BYTEA NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_seals_last_seq_key" ON "audit_seals"("last_seq");

-- Audit rows are now written once and never changed: the chain lives in audit_seals, so no column of an
-- audit row is filled in later. Every UPDATE, DELETE and TRUNCATE of either table is refused.
CREATE OR REPLACE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$;

DROP TRIGGER "audit_logs_append_only" ON "audit_logs";
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();

CREATE TRIGGER "audit_seals_append_only" BEFORE UPDATE OR DELETE ON "audit_seals"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();
CREATE TRIGGER "audit_seals_no_truncate" BEFORE TRUNCATE ON "audit_seals"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
