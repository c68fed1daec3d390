-- Usage per closed UTC day, counted once from the audit log (lib/usage/roll-up-days.ts, issue 23).
-- CreateTable
CREATE TABLE "usage_days" (
    "project_id" UUID NOT NULL,
    "application_key" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "action" TEXT NOT NULL,
    "success_rows" INTEGER NOT NULL,
    "failure_rows" INTEGER NOT NULL,
    "after_read_failures" INTEGER NOT NULL,

    CONSTRAINT "usage_days_pkey" PRIMARY KEY ("project_id","day","application_key","action")
);

-- CreateTable
CREATE TABLE "usage_rollups" (
    "project_id" UUID NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "usage_rollups_pkey" PRIMARY KEY ("project_id","day")
);

-- AddForeignKey
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_rollups" ADD CONSTRAINT "usage_rollups_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
