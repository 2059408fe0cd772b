-- CreateTable
CREATE TABLE "credit_balances" (
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "debits" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "topups" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_balances_pkey" PRIMARY KEY ("organization_id","livemode","period_start")
);

-- AddForeignKey
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill: every period the ledger already holds, summed the way the period balance was
-- (debits are the negative entries, refunds and top-ups by reason), by UTC month.
INSERT INTO "credit_balances" ("organization_id", "livemode", "period_start", "debits", "refunds", "topups")
SELECT "organization_id", "livemode",
       date_trunc('month', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       COALESCE(SUM(-"amount") FILTER (WHERE "amount" < 0), 0)::int,
       COALESCE(SUM("amount") FILTER (WHERE "reason" = 'refund'), 0)::int,
       COALESCE(SUM("amount") FILTER (WHERE "reason" = 'topup'), 0)::int
FROM "credit_ledger"
GROUP BY 1, 2, 3;
