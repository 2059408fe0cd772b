-- AlterEnum
ALTER TYPE "JobStatus" ADD VALUE 'waiting';

-- AlterTable: jobs carry their payload (what was the Inngest event's data); a failure
-- handler's job carries the failed job's payload and its error.
ALTER TABLE "job_runs" ADD COLUMN "payload" JSONB,
ADD COLUMN     "wait_event" TEXT,
ADD COLUMN     "wait_key" TEXT,
ADD COLUMN     "waiting_for" TEXT;
UPDATE "job_runs" SET "payload" = CASE
  WHEN "function_id" LIKE '%-failure' THEN jsonb_build_object(
    'payload', "event"->'data'->'event'->'data', 'error', coalesce("event"->'data'->'error'->>'message', 'failed'))
  ELSE coalesce("event"->'data', '{}'::jsonb) END;
ALTER TABLE "job_runs" ALTER COLUMN "payload" SET NOT NULL,
DROP COLUMN "event",
DROP COLUMN "event_id",
DROP COLUMN "stack";

-- CreateTable
CREATE TABLE "job_outbox" (
    "sequence" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_outbox_pkey" PRIMARY KEY ("sequence")
);

-- CreateIndex
CREATE UNIQUE INDEX "job_outbox_event_id_key" ON "job_outbox"("event_id");

-- CreateIndex
CREATE INDEX "job_outbox_next_attempt_at_idx" ON "job_outbox"("next_attempt_at");

-- CreateIndex
CREATE INDEX "job_runs_wait_event_wait_key_status_idx" ON "job_runs"("wait_event", "wait_key", "status");

