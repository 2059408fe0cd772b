-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('starter', 'pro', 'team', 'growth', 'enterprise');

-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('admin', 'reviewer', 'viewer');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled', 'pending_triage');

-- CreateEnum
CREATE TYPE "RunPriority" AS ENUM ('low', 'normal', 'high');

-- CreateEnum
CREATE TYPE "TriageStatus" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "BatchStatus" AS ENUM ('pending', 'running', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "BatchRowStatus" AS ENUM ('pending', 'running', 'completed', 'failed', 'pending_triage', 'cancelled');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "organizations" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'growth',
    "triage_threshold" DOUBLE PRECISION NOT NULL DEFAULT 0.7,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "members" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agent_type" TEXT NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "priority" "RunPriority" NOT NULL DEFAULT 'normal',
    "task" TEXT NOT NULL,
    "data" JSONB,
    "webhook_url" TEXT,
    "output" JSONB,
    "confidence_score" DOUBLE PRECISION,
    "requires_triage" BOOLEAN NOT NULL DEFAULT false,
    "error_message" TEXT,
    "api_key_id" UUID,
    "batch_job_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "triage_items" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "run_id" UUID NOT NULL,
    "status" "TriageStatus" NOT NULL DEFAULT 'pending',
    "triage_reason" TEXT NOT NULL,
    "proposed_output" JSONB,
    "resolution_note" TEXT,
    "resolved_by" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "triage_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "secret_encrypted" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "webhook_id" UUID,
    "url" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "run_id" UUID,
    "attempt" INTEGER NOT NULL,
    "status" "DeliveryStatus" NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER,
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "batch_jobs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "name" TEXT,
    "agent_type" TEXT NOT NULL,
    "status" "BatchStatus" NOT NULL DEFAULT 'pending',
    "total_rows" INTEGER NOT NULL,
    "completed_rows" INTEGER NOT NULL DEFAULT 0,
    "failed_rows" INTEGER NOT NULL DEFAULT 0,
    "webhook_url" TEXT,
    "api_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "batch_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "batch_rows" (
    "id" UUID NOT NULL,
    "batch_job_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "row_index" INTEGER NOT NULL,
    "task" TEXT NOT NULL,
    "data" JSONB,
    "status" "BatchRowStatus" NOT NULL DEFAULT 'pending',
    "result" JSONB,
    "error_message" TEXT,
    "run_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "batch_rows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_ledger" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "run_id" UUID,
    "member_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "endpoint" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER NOT NULL,
    "response_body" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "members_email_idx" ON "members"("email");

-- CreateIndex
CREATE UNIQUE INDEX "members_organization_id_email_key" ON "members"("organization_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_organization_id_created_at_idx" ON "api_keys"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "runs_organization_id_livemode_created_at_idx" ON "runs"("organization_id", "livemode", "created_at" DESC);

-- CreateIndex
CREATE INDEX "runs_organization_id_livemode_status_created_at_idx" ON "runs"("organization_id", "livemode", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "runs_status_priority_created_at_idx" ON "runs"("status", "priority", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "triage_items_run_id_key" ON "triage_items"("run_id");

-- CreateIndex
CREATE INDEX "triage_items_organization_id_livemode_status_created_at_idx" ON "triage_items"("organization_id", "livemode", "status", "created_at");

-- CreateIndex
CREATE INDEX "webhooks_organization_id_livemode_created_at_idx" ON "webhooks"("organization_id", "livemode", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE INDEX "batch_jobs_organization_id_livemode_created_at_idx" ON "batch_jobs"("organization_id", "livemode", "created_at" DESC);

-- CreateIndex
CREATE INDEX "batch_jobs_organization_id_livemode_status_created_at_idx" ON "batch_jobs"("organization_id", "livemode", "status", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "batch_rows_run_id_key" ON "batch_rows"("run_id");

-- CreateIndex
CREATE INDEX "batch_rows_batch_job_id_status_idx" ON "batch_rows"("batch_job_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "batch_rows_batch_job_id_row_index_key" ON "batch_rows"("batch_job_id", "row_index");

-- CreateIndex
CREATE INDEX "credit_ledger_organization_id_livemode_created_at_idx" ON "credit_ledger"("organization_id", "livemode", "created_at" DESC);

-- CreateIndex
CREATE INDEX "credit_ledger_run_id_idx" ON "credit_ledger"("run_id");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_organization_id_livemode_endpoint_key_key" ON "idempotency_records"("organization_id", "livemode", "endpoint", "key");

-- AddForeignKey
ALTER TABLE "members" ADD CONSTRAINT "members_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_batch_job_id_fkey" FOREIGN KEY ("batch_job_id") REFERENCES "batch_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "triage_items" ADD CONSTRAINT "triage_items_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "triage_items" ADD CONSTRAINT "triage_items_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_job_id_fkey" FOREIGN KEY ("batch_job_id") REFERENCES "batch_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

