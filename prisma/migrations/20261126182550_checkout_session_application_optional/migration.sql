-- AlterTable
ALTER TABLE "checkout_sessions" ALTER COLUMN "application_id" DROP NOT NULL;
