-- DropIndex
DROP INDEX "webhook_deliveries_event_id_idx";

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "disabled_reason" TEXT,
ADD COLUMN     "failing_since" TIMESTAMPTZ(3),
ADD COLUMN     "previous_secret_encrypted" TEXT,
ADD COLUMN     "previous_secret_expires_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "response_body" TEXT;

-- Attempts recorded twice under one number (a resend racing a scheduled retry) are
-- renumbered in the order they were made, so the unique index below can be built.
UPDATE "webhook_deliveries" AS d
SET "attempt" = numbered.n
FROM (
  SELECT "id", ROW_NUMBER() OVER (PARTITION BY "event_id", "webhook_id", "url" ORDER BY "attempt", "created_at", "id") AS n
  FROM "webhook_deliveries"
  WHERE ("event_id", COALESCE("webhook_id"::text, ''), "url") IN (
    SELECT "event_id", COALESCE("webhook_id"::text, ''), "url" FROM "webhook_deliveries"
    GROUP BY "event_id", "webhook_id", "url", "attempt" HAVING COUNT(*) > 1
  )
) AS numbered
WHERE d."id" = numbered."id";

-- CreateIndex (NULLS NOT DISTINCT: run and batch URLs have no webhook id)
CREATE UNIQUE INDEX "webhook_deliveries_event_id_webhook_id_url_attempt_key" ON "webhook_deliveries"("event_id", "webhook_id", "url", "attempt") NULLS NOT DISTINCT;

