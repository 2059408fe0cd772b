-- AlterEnum
ALTER TYPE "TriageStatus" ADD VALUE 'changes_requested';

-- DropIndex
DROP INDEX "triage_items_run_id_key";

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "triage_sla_minutes" INTEGER NOT NULL DEFAULT 240;

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "resolution" TEXT,
ADD COLUMN     "review_round" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "triage_items" ADD COLUMN     "claimed_by" TEXT,
ADD COLUMN     "claimed_by_name" TEXT,
ADD COLUMN     "claimed_until" TIMESTAMPTZ(3),
ADD COLUMN     "data_patch" JSONB,
ADD COLUMN     "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT (now() + '04:00:00'::interval),
ADD COLUMN     "feedback" TEXT,
ADD COLUMN     "overdue_notified_at" TIMESTAMPTZ(3),
ADD COLUMN     "reason_code" TEXT,
ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "triage_items_organization_id_livemode_status_due_at_idx" ON "triage_items"("organization_id", "livemode", "status", "due_at");

-- CreateIndex
CREATE INDEX "triage_items_status_due_at_idx" ON "triage_items"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "triage_items_run_id_round_key" ON "triage_items"("run_id", "round");


-- Existing items fall due by the default SLA from when they were opened.
UPDATE "triage_items" SET "due_at" = "created_at" + interval '240 minutes';

-- Existing decisions, told apart the way new ones are.
UPDATE "runs" r SET "resolution" = CASE
    WHEN t."status" = 'approved' AND t."output_edited" THEN 'approved_edited'
    WHEN t."status" = 'approved' THEN 'approved'
    ELSE 'rejected' END
  FROM "triage_items" t WHERE t."run_id" = r."id" AND t."status" IN ('approved', 'rejected');
UPDATE "runs" r SET "resolution" = 'cancelled_by_caller'
  WHERE r."status" = 'cancelled' AND r."resolution" IS NULL;
