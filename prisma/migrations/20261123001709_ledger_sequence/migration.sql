-- AlterTable
ALTER TABLE "credit_ledger" ADD COLUMN     "sequence" BIGSERIAL NOT NULL;

-- Existing entries: number them in the order they were written, as far as it is known
-- (created_at, then physical order, which is insertion order for this append-only table;
-- one batch's entries share a created_at). ADD COLUMN above already advanced the
-- sequence past the row count, so new entries follow these.
UPDATE "credit_ledger" AS entry SET "sequence" = numbered.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", ctid) AS n FROM "credit_ledger") AS numbered
WHERE entry."id" = numbered."id";

-- CreateIndex
CREATE INDEX "credit_ledger_organization_id_livemode_sequence_idx" ON "credit_ledger"("organization_id", "livemode", "sequence" DESC);
