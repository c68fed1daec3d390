-- Writer MACs and chain key epochs (issue 21). Every audit row carries its writer's HMAC under the chain
-- key over the row without `seq`; rows written before have none (sealed once at upgrade, lib/audit). Seals
-- record their format version, the key epoch that MAC'd them, and (key change seals) a MAC under the
-- previous epoch's key. A key change seal covers no row, so last_seq is no longer unique.
-- DropIndex
DROP INDEX "audit_seals_last_seq_key";

-- AlterTable
ALTER TABLE "audit_logs" ADD COLUMN     "writer_mac" BYTEA;

-- AlterTable
ALTER TABLE "audit_seals" ADD COLUMN     "epoch" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "link_mac" BYTEA,
ADD COLUMN     "version" SMALLINT NOT NULL DEFAULT 1;

-- CreateIndex
CREATE INDEX "audit_seals_last_seq_idx" ON "audit_seals"("last_seq");

-- CreateTable
CREATE TABLE "audit_writer_mac_start" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "last_legacy_seq" BIGINT NOT NULL,

    CONSTRAINT "audit_writer_mac_start_pkey" PRIMARY KEY ("id")
);

-- Rows drawn up to now were written without a writer MAC (none on a new installation): only they may be
-- sealed without one, once, at start-up. Append-only like the audit log.
INSERT INTO "audit_writer_mac_start" ("id", "last_legacy_seq")
  SELECT 1, CASE WHEN is_called THEN last_value ELSE 0 END FROM "audit_logs_seq_seq";
CREATE TRIGGER "audit_writer_mac_start_append_only" BEFORE UPDATE OR DELETE ON "audit_writer_mac_start"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();
