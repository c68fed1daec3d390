-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "key_rotated_at" TIMESTAMPTZ(3);
