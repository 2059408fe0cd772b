-- CreateIndex
CREATE INDEX "runs_batch_job_id_idx" ON "runs"("batch_job_id");

