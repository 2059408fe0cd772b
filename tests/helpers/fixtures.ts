// Database fixtures for states the API cannot reach yet on its own (until the execution
// engine lands, nothing moves a run to pending_triage). The behaviour under test is still
// exercised over HTTP; only the starting state is written directly.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { withDatabase } from "./database.ts";

export type TTriageFixture = { runId: string; triageItemId: string };

export async function insertRunAwaitingTriage(
  organizationId: string,
  options: {
    livemode?: boolean;
    agentType?: string;
    confidence?: number;
    reason?: string;
    proposedOutput?: Record<string, unknown>;
    batchJobId?: string;
    /** The run's input data (null when left out). */
    data?: Record<string, unknown>;
  } = {},
): Promise<TTriageFixture> {
  const runId = randomUUID();
  const triageItemId = randomUUID();
  await withDatabase(inject("databaseUrl"), async (client) => {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, confidence_score, requires_triage, output, batch_job_id, started_at, updated_at, data)
       VALUES ($1, $2, $3, $4, 'pending_triage', 'normal', 'fixture task', $5, true, NULL, $6, now(), now(), $7)`,
      [runId, organizationId, options.livemode ?? true, options.agentType ?? "ap_specialist", options.confidence ?? 0.4, options.batchJobId ?? null, options.data ? JSON.stringify(options.data) : null],
    );
    await client.query(
      `INSERT INTO triage_items (id, organization_id, livemode, run_id, status, triage_reason, proposed_output, confidence_score)
       VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7)`,
      [
        triageItemId,
        organizationId,
        options.livemode ?? true,
        runId,
        options.reason ?? "Invoice total differs from the purchase order",
        JSON.stringify(options.proposedOutput ?? { decision: "hold", amount_due: 120 }),
        options.confidence ?? 0.4,
      ],
    );
    await client.query("COMMIT");
  });
  return { runId, triageItemId };
}

export async function insertLedgerEntry(
  organizationId: string,
  entry: { amount: number; balanceAfter: number; reason: string; livemode?: boolean; runId?: string; memberId?: string },
): Promise<string> {
  const id = randomUUID();
  await withDatabase(inject("databaseUrl"), (client) =>
    client.query(
      // The entry and the period's balance row together, as every ledger write keeps them.
      `WITH entry AS (
         INSERT INTO credit_ledger (id, organization_id, livemode, amount, balance_after, reason, run_id, member_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *)
       INSERT INTO credit_balances (organization_id, livemode, period_start, debits, refunds, topups)
       SELECT organization_id, livemode, date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
              GREATEST(-amount, 0), CASE WHEN reason = 'refund' THEN amount ELSE 0 END, CASE WHEN reason = 'topup' THEN amount ELSE 0 END
       FROM entry
       ON CONFLICT (organization_id, livemode, period_start) DO UPDATE
         SET debits = credit_balances.debits + EXCLUDED.debits, refunds = credit_balances.refunds + EXCLUDED.refunds,
             topups = credit_balances.topups + EXCLUDED.topups`,
      [id, organizationId, entry.livemode ?? true, entry.amount, entry.balanceAfter, entry.reason, entry.runId ?? null, entry.memberId ?? null],
    ),
  );
  return id;
}

export async function insertDeliveryAttempt(
  organizationId: string,
  webhookId: string,
  attempt: { attempt: number; status: "pending" | "succeeded" | "failed"; responseStatus?: number; livemode?: boolean; createdAt?: Date },
): Promise<string> {
  const id = randomUUID();
  await withDatabase(inject("databaseUrl"), (client) =>
    client.query(
      `INSERT INTO webhook_deliveries (id, organization_id, livemode, webhook_id, url, event_id, event, attempt, status, response_status, created_at)
       VALUES ($1, $2, $3, $4, 'https://example.com/hook', $5, 'run.completed', $6, $7, $8, $9)`,
      [id, organizationId, attempt.livemode ?? true, webhookId, `evt_${id.replaceAll("-", "")}`, attempt.attempt, attempt.status, attempt.responseStatus ?? null, attempt.createdAt ?? new Date()],
    ),
  );
  return id;
}
