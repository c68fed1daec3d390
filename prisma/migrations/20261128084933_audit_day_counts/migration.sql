-- Audit rows counted per project, application, UTC day and action by the sealer, in the statement that
-- inserts each seal (lib/audit/audit-day-counts.ts, issue 23): GET /api/usage reads a day's counts instead
-- of counting the day's rows, however busy the day. No foreign key: they outlive a deleted project, like
-- the rows they count.
-- CreateTable
CREATE TABLE "audit_day_counts" (
    "project_id" UUID NOT NULL,
    "application_key" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "action" TEXT NOT NULL,
    "success_rows" BIGINT NOT NULL,
    "failure_rows" BIGINT NOT NULL,
    "failures_with_token" BIGINT NOT NULL,

    CONSTRAINT "audit_day_counts_pkey" PRIMARY KEY ("project_id","day","application_key","action")
);

-- CreateTable
CREATE TABLE "audit_day_counts_start" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "complete_from" DATE NOT NULL,

    CONSTRAINT "audit_day_counts_start_pkey" PRIMARY KEY ("id")
);

-- Rows sealed before now were never counted: the first day counted whole is the next UTC day, or today on an
-- installation without audit rows yet. Earlier days stay with the closed-day roll-up (usage_days).
INSERT INTO "audit_day_counts_start" ("id", "complete_from")
  SELECT 1, (now() AT TIME ZONE 'UTC')::date + CASE WHEN EXISTS (SELECT 1 FROM "audit_logs") THEN 1 ELSE 0 END;
