-- CreateEnum
CREATE TYPE "CheckoutMode" AS ENUM ('payment', 'setup');

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "mode" "CheckoutMode" NOT NULL DEFAULT 'payment',
ADD COLUMN     "token" TEXT,
ALTER COLUMN "amount" DROP NOT NULL,
ALTER COLUMN "amount_minor" DROP NOT NULL,
ALTER COLUMN "currency" DROP NOT NULL;

-- A payment session has its amount and currency; a setup session (which charges nothing) has none of them.
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_mode_amount_check" CHECK (
  ("mode" = 'payment' AND "amount" IS NOT NULL AND "amount_minor" IS NOT NULL AND "currency" IS NOT NULL)
  OR ("mode" = 'setup' AND "amount" IS NULL AND "amount_minor" IS NULL AND "currency" IS NULL)
);
