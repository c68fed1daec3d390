-- Issue 25: the progress of a metadata re-index besides its cursor: the keys it indexes (a search on them
-- answers 409 until the walk ends) and when it began (the final sweep re-reads the tokens created since).
-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "metadata_reindex_keys" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "metadata_reindex_started_at" TIMESTAMPTZ(3);
