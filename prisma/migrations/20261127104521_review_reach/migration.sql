-- AlterTable
ALTER TABLE "triage_items" ADD COLUMN     "approvals_required" INTEGER;

-- CreateTable
CREATE TABLE "review_routes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agent_type" TEXT NOT NULL,
    "notify" JSONB NOT NULL DEFAULT '[]',
    "escalation" JSONB NOT NULL DEFAULT '[]',
    "approvals_required" INTEGER NOT NULL DEFAULT 1,
    "approvals_when" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,

    CONSTRAINT "review_routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "triage_notifications" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "triage_item_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "step" INTEGER NOT NULL DEFAULT 0,
    "channel" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "recipient_key" TEXT NOT NULL,
    "destination_encrypted" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "triage_notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_links" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "triage_item_id" UUID NOT NULL,
    "notification_id" UUID,
    "token_hash" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "triage_approvals" (
    "id" UUID NOT NULL,
    "triage_item_id" UUID NOT NULL,
    "approver" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "actor_name" TEXT,
    "output_edited" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "triage_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "review_routes_organization_id_livemode_agent_type_key" ON "review_routes"("organization_id", "livemode", "agent_type");

-- CreateIndex
CREATE INDEX "triage_notifications_triage_item_id_created_at_idx" ON "triage_notifications"("triage_item_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "triage_notifications_triage_item_id_step_recipient_key_key" ON "triage_notifications"("triage_item_id", "step", "recipient_key");

-- CreateIndex
CREATE UNIQUE INDEX "review_links_token_hash_key" ON "review_links"("token_hash");

-- CreateIndex
CREATE INDEX "review_links_triage_item_id_idx" ON "review_links"("triage_item_id");

-- CreateIndex
CREATE UNIQUE INDEX "triage_approvals_triage_item_id_approver_key" ON "triage_approvals"("triage_item_id", "approver");

-- AddForeignKey
ALTER TABLE "review_routes" ADD CONSTRAINT "review_routes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "triage_notifications" ADD CONSTRAINT "triage_notifications_triage_item_id_fkey" FOREIGN KEY ("triage_item_id") REFERENCES "triage_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_triage_item_id_fkey" FOREIGN KEY ("triage_item_id") REFERENCES "triage_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "triage_notifications"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "triage_approvals" ADD CONSTRAINT "triage_approvals_triage_item_id_fkey" FOREIGN KEY ("triage_item_id") REFERENCES "triage_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

