-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "require_mfa" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "detokenize" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "allowed_proxy_hosts" JSONB;

-- Reveal was part of tokenization until now: existing keys keep what they could do.
UPDATE "applications" SET "detokenize" = "tokenization";
