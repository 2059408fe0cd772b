-- DropIndex
DROP INDEX "runs_organization_id_livemode_created_at_idx";

-- DropIndex
DROP INDEX "runs_organization_id_livemode_status_created_at_idx";

-- CreateIndex
CREATE INDEX "runs_organization_id_livemode_created_at_id_idx" ON "runs"("organization_id", "livemode", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "runs_organization_id_livemode_status_created_at_id_idx" ON "runs"("organization_id", "livemode", "status", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "runs_organization_id_livemode_agent_type_created_at_id_idx" ON "runs"("organization_id", "livemode", "agent_type", "created_at" DESC, "id" DESC);

