-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "fingerprint_key_version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "fingerprint_rekey_cursor" UUID,
ADD COLUMN     "fingerprint_rekey_started_at" TIMESTAMPTZ(3);
