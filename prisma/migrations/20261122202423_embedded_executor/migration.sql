-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'completed', 'failed');

-- CreateTable
CREATE TABLE "job_runs" (
    "id" UUID NOT NULL,
    "function_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "idempotency_key" TEXT,
    "concurrency_key" TEXT,
    "concurrency_limit" INTEGER,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "steps" JSONB NOT NULL DEFAULT '{}',
    "stack" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "result" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "job_runs_status_run_after_priority_idx" ON "job_runs"("status", "run_after", "priority");

-- CreateIndex
CREATE INDEX "job_runs_function_id_concurrency_key_status_idx" ON "job_runs"("function_id", "concurrency_key", "status");

-- CreateIndex
CREATE UNIQUE INDEX "job_runs_function_id_idempotency_key_key" ON "job_runs"("function_id", "idempotency_key");

