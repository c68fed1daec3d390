-- CreateEnum
CREATE TYPE "ProcessorType" AS ENUM ('sandbox', 'http');

-- CreateEnum
CREATE TYPE "CheckoutStatus" AS ENUM ('open', 'completed', 'cancelled', 'expired');

-- CreateEnum
CREATE TYPE "EmbedMode" AS ENUM ('redirect', 'popup', 'iframe', 'new_tab');

-- CreateEnum
CREATE TYPE "CheckoutOutcome" AS ENUM ('approved', 'declined', 'failed');

-- CreateTable
CREATE TABLE "merchants" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "processor_type" "ProcessorType" NOT NULL,
    "processor_sealed" BYTEA NOT NULL,
    "key_prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "previous_key_hash" TEXT,
    "previous_key_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "merchants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checkout_sessions" (
    "id" TEXT NOT NULL,
    "project_id" UUID NOT NULL,
    "merchant_id" UUID NOT NULL,
    "application_id" UUID NOT NULL,
    "merchant_name" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "success_url" TEXT NOT NULL,
    "cancel_url" TEXT NOT NULL,
    "error_url" TEXT NOT NULL,
    "embed_mode" "EmbedMode" NOT NULL DEFAULT 'redirect',
    "parent_origin" TEXT,
    "test_mode" BOOLEAN NOT NULL,
    "status" "CheckoutStatus" NOT NULL DEFAULT 'open',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "transaction_id" TEXT,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "charge_lock_id" TEXT,
    "charge_lock_until" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "checkout_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checkout_attempts" (
    "id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "outcome" "CheckoutOutcome" NOT NULL,
    "error_code" TEXT,
    "error_message" TEXT,
    "transaction_id" TEXT,
    "brand" TEXT,
    "last4" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkout_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "merchants_key_hash_key" ON "merchants"("key_hash");

-- CreateIndex
CREATE UNIQUE INDEX "merchants_previous_key_hash_key" ON "merchants"("previous_key_hash");

-- CreateIndex
CREATE INDEX "merchants_project_id_idx" ON "merchants"("project_id");

-- CreateIndex
CREATE INDEX "checkout_sessions_project_id_created_at_idx" ON "checkout_sessions"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "checkout_sessions_merchant_id_idx" ON "checkout_sessions"("merchant_id");

-- CreateIndex
CREATE INDEX "checkout_attempts_session_id_created_at_idx" ON "checkout_attempts"("session_id", "created_at");

-- AddForeignKey
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
