-- CreateEnum
CREATE TYPE "TokenFormat" AS ENUM ('random', 'pan_preserving', 'last4_preserving', 'uuid');

-- AlterTable
ALTER TABLE "tokens" ADD COLUMN     "token_format" "TokenFormat" NOT NULL DEFAULT 'random';

