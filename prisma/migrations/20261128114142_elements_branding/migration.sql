-- CreateEnum
CREATE TYPE "CollectStatus" AS ENUM ('open', 'completed', 'expired');

-- AlterTable
ALTER TABLE "merchants" ADD COLUMN     "branding" JSONB;

-- CreateTable
CREATE TABLE "merchant_logos" (
    "merchant_id" UUID NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "source_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchant_logos_pkey" PRIMARY KEY ("merchant_id")
);

-- CreateTable
CREATE TABLE "collect_sessions" (
    "id" TEXT NOT NULL,
    "project_id" UUID NOT NULL,
    "application_id" UUID,
    "merchant_id" UUID,
    "parent_origin" TEXT NOT NULL,
    "fields" TEXT[],
    "metadata" JSONB,
    "client_secret_hash" TEXT NOT NULL,
    "test_mode" BOOLEAN NOT NULL,
    "status" "CollectStatus" NOT NULL DEFAULT 'open',
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "token" TEXT,
    "cvc_session_id" TEXT,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "exp_month" TEXT,
    "exp_year" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "collect_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "collect_sessions_client_secret_hash_key" ON "collect_sessions"("client_secret_hash");

-- CreateIndex
CREATE INDEX "collect_sessions_project_id_created_at_idx" ON "collect_sessions"("project_id", "created_at");

-- AddForeignKey
ALTER TABLE "merchant_logos" ADD CONSTRAINT "merchant_logos_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "collect_sessions" ADD CONSTRAINT "collect_sessions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

