-- Issue 25: token metadata (sealed) and its keyed search index, expiry, retention, erasing delete, the
-- search permission. Existing tokens count as used at the upgrade (last_used_at's default is evaluated once:
-- no table rewrite).
-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "search" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "metadata_reindex_cursor" UUID,
ADD COLUMN     "searchable_metadata_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "token_retention_days" INTEGER;

-- AlterTable
ALTER TABLE "tokens" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "metadata_sealed" BYTEA,
ALTER COLUMN "ciphertext" DROP NOT NULL;

-- CreateTable
CREATE TABLE "token_search_entries" (
    "token_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "value_mac" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "token_search_entries_pkey" PRIMARY KEY ("token_id","key")
);

-- CreateIndex
CREATE INDEX "token_search_entries_lookup_idx" ON "token_search_entries"("project_id", "value_mac", "created_at" DESC, "token_id" DESC);

-- AddForeignKey
ALTER TABLE "token_search_entries" ADD CONSTRAINT "token_search_entries_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The expiry job's work list: live tokens with an expiry (never the whole table).
CREATE INDEX "tokens_expiry_due_idx" ON "tokens"("expires_at") WHERE ciphertext IS NOT NULL AND expires_at IS NOT NULL;
