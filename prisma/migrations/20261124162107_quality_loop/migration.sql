-- AlterEnum
ALTER TYPE "TriageStatus" ADD VALUE 'checked';

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "spot_check_rates" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "triage_items" ADD COLUMN     "corrected_output" JSONB,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'review',
ADD COLUMN     "verdict" TEXT;

-- CreateTable
CREATE TABLE "spot_check_counters" (
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agent_type" TEXT NOT NULL,
    "agent_version" INTEGER NOT NULL,
    "completed_runs" INTEGER NOT NULL DEFAULT 0,
    "sampled_runs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "spot_check_counters_pkey" PRIMARY KEY ("organization_id","livemode","agent_type","agent_version")
);

-- CreateIndex
CREATE INDEX "runs_organization_id_livemode_agent_type_agent_version_crea_idx" ON "runs"("organization_id", "livemode", "agent_type", "agent_version", "created_at");

