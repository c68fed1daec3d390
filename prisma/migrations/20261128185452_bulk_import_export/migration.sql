-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "ExportStatus" AS ENUM ('pending_approval', 'approved', 'downloaded', 'expired');

-- AlterTable
ALTER TABLE "tokens" ADD COLUMN     "external_id" TEXT;

-- CreateTable
CREATE TABLE "import_keys" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key_wrapped" BYTEA NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "imports" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'queued',
    "key_fingerprint" TEXT,
    "require_signer" TEXT,
    "options" JSONB NOT NULL DEFAULT '{}',
    "file_bytes" BIGINT NOT NULL DEFAULT 0,
    "rows_total" INTEGER,
    "rows_done" INTEGER NOT NULL DEFAULT 0,
    "rows_imported" INTEGER NOT NULL DEFAULT 0,
    "rows_skipped" INTEGER NOT NULL DEFAULT 0,
    "rows_failed" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error_message" TEXT,
    "cancel_requested" BOOLEAN NOT NULL DEFAULT false,
    "claimed_by" TEXT,
    "claimed_until" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_file_chunks" (
    "import_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "import_file_chunks_pkey" PRIMARY KEY ("import_id","seq")
);

-- CreateTable
CREATE TABLE "import_rows" (
    "import_id" UUID NOT NULL,
    "row" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "external_id" TEXT,
    "token_id" UUID,
    "exp_month" TEXT,
    "exp_year" TEXT,
    "code" TEXT,
    "field" TEXT,

    CONSTRAINT "import_rows_pkey" PRIMARY KEY ("import_id","row")
);

-- CreateTable
CREATE TABLE "exports" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "status" "ExportStatus" NOT NULL DEFAULT 'pending_approval',
    "recipient_public_key" TEXT NOT NULL,
    "recipient_fingerprint" TEXT NOT NULL,
    "all" BOOLEAN NOT NULL DEFAULT false,
    "tokens" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "format" TEXT NOT NULL DEFAULT 'csv',
    "requested_by" UUID,
    "approved_by" UUID,
    "approved_via" TEXT,
    "rows_exported" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "approved_at" TIMESTAMPTZ(3),
    "downloaded_at" TIMESTAMPTZ(3),

    CONSTRAINT "exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "import_keys_fingerprint_key" ON "import_keys"("fingerprint");

-- CreateIndex
CREATE INDEX "import_keys_project_id_created_at_idx" ON "import_keys"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "imports_project_id_created_at_idx" ON "imports"("project_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "imports_status_idx" ON "imports"("status");

-- CreateIndex
CREATE INDEX "exports_project_id_created_at_idx" ON "exports"("project_id", "created_at" DESC);

-- Imported tokens' old ids, unique per project (issue 26). Partial, written by hand: tokens made here have
-- none, and tokenize should not maintain an index entry for them.
CREATE UNIQUE INDEX "tokens_project_external_id_key" ON "tokens"("project_id", "external_id") WHERE external_id IS NOT NULL;

-- AddForeignKey
ALTER TABLE "import_keys" ADD CONSTRAINT "import_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exports" ADD CONSTRAINT "exports_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
