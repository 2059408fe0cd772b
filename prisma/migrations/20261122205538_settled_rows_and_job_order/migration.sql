-- AlterTable
ALTER TABLE "batch_jobs" ADD COLUMN     "settled_rows" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "job_runs" ADD COLUMN     "sequence" BIGSERIAL NOT NULL;

