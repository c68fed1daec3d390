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
