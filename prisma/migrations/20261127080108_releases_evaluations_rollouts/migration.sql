-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "rollout_arm" TEXT,
ADD COLUMN     "rollout_id" UUID;

-- AlterTable
ALTER TABLE "credit_ledger" ADD COLUMN     "evaluation_id" UUID;

-- AlterTable
ALTER TABLE "agent_versions" ADD COLUMN     "activated_at" TIMESTAMPTZ(3),
ADD COLUMN     "activated_by" TEXT,
ADD COLUMN     "forced" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "release" JSONB;

-- CreateTable
CREATE TABLE "evaluations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agent_definition_id" UUID NOT NULL,
    "agent_name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "baseline_version" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "period_from" TIMESTAMPTZ(3) NOT NULL,
    "period_to" TIMESTAMPTZ(3) NOT NULL,
    "cases" INTEGER NOT NULL,
    "completed_cases" INTEGER NOT NULL DEFAULT 0,
    "agreed" INTEGER NOT NULL DEFAULT 0,
    "disagreed" INTEGER NOT NULL DEFAULT 0,
    "sent_to_review" INTEGER NOT NULL DEFAULT 0,
    "failed_cases" INTEGER NOT NULL DEFAULT 0,
    "credits" INTEGER NOT NULL DEFAULT 0,
    "refunded_credits" INTEGER NOT NULL DEFAULT 0,
    "baseline" JSONB NOT NULL,
    "created_by" TEXT NOT NULL,
    "member_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_cases" (
    "evaluation_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "run_id" UUID NOT NULL,
    "task" TEXT NOT NULL,
    "data" JSONB,
    "expected_kind" TEXT NOT NULL,
    "expected" JSONB,
    "decision" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "outcome" TEXT,
    "output" JSONB,
    "confidence" DOUBLE PRECISION,
    "differences" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "error_message" TEXT,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "evaluation_cases_pkey" PRIMARY KEY ("evaluation_id","position")
);

-- CreateTable
CREATE TABLE "rollouts" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agent_definition_id" UUID NOT NULL,
    "agent_name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "baseline_version" INTEGER NOT NULL,
    "percent" INTEGER NOT NULL,
    "min_judged" INTEGER NOT NULL,
    "min_agreement" DOUBLE PRECISION NOT NULL,
    "spot_check_rate" DOUBLE PRECISION NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "split_runs" INTEGER NOT NULL DEFAULT 0,
    "candidate_runs" INTEGER NOT NULL DEFAULT 0,
    "completed_runs" INTEGER NOT NULL DEFAULT 0,
    "sampled_runs" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "created_by" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "ended_by" TEXT,
    "rolled_back_notified_at" TIMESTAMPTZ(3),

    CONSTRAINT "rollouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "evaluations_organization_id_livemode_agent_name_created_at_idx" ON "evaluations"("organization_id", "livemode", "agent_name", "created_at" DESC);

-- CreateIndex
CREATE INDEX "evaluations_agent_definition_id_version_created_at_idx" ON "evaluations"("agent_definition_id", "version", "created_at" DESC);

-- CreateIndex
CREATE INDEX "evaluation_cases_evaluation_id_status_idx" ON "evaluation_cases"("evaluation_id", "status");

-- CreateIndex
CREATE INDEX "rollouts_agent_definition_id_started_at_idx" ON "rollouts"("agent_definition_id", "started_at" DESC);

-- CreateIndex
CREATE INDEX "credit_ledger_evaluation_id_idx" ON "credit_ledger"("evaluation_id");

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_cases" ADD CONSTRAINT "evaluation_cases_evaluation_id_fkey" FOREIGN KEY ("evaluation_id") REFERENCES "evaluations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One running rollout per agent (docs/api-conventions.md, "Rollouts"): a second start is 409.
CREATE UNIQUE INDEX "rollouts_one_running_per_agent" ON "rollouts"("agent_definition_id") WHERE "status" = 'running';

-- A rollout's runs, for its judged and agreed counts.
CREATE INDEX "runs_rollout_id_idx" ON "runs"("rollout_id", "rollout_arm") WHERE "rollout_id" IS NOT NULL;

-- Every version stored so far went live when it was created: it was made active then, by its author.
UPDATE "agent_versions" SET "activated_at" = "created_at", "activated_by" = "created_by";
