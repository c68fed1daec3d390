-- CreateEnum
CREATE TYPE "SessionKind" AS ENUM ('session', 'mfa_pending');

-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "kind" "SessionKind" NOT NULL DEFAULT 'session';
