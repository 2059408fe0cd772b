// The AP agent's controls across invoices (docs/api-conventions.md, "AP controls"), applied
// where the run's outcome is recorded, inside that transaction: a per-vendor advisory lock,
// the organization's tolerances in the run's mode, the vendor's earlier invoices that count,
// the agent's rules run again with them, and this invoice's row in ap_invoices. Two runs of
// one vendor's invoices are recorded one after the other, so the second always sees the
// first (paid or waiting for a person): no read-then-write race.
import { apSettingsFrom } from "../agents/ap-settings.ts";
import {
  apDocumentsOf,
  apSpecialist,
  normalizeDocumentNumber,
  normalizeVendor,
  type TEarlierInvoice,
} from "../agents/ap-specialist.ts";
import type { TAgentResult } from "../agents/types.ts";
import type { Prisma } from "../../generated/prisma/client.ts";

type TTransaction = Prisma.TransactionClient;

type TApRun = { runId: string; organizationId: string; agentType: string; livemode?: boolean; task: string; data: Record<string, unknown> | null };

const toCents = (amount: number): number => Math.round(Number((amount * 100).toPrecision(12)));

/**
 * "Paid" = completed with decision approve_payment (on its own or approved by a person), at
 * the amount approved (the output's amount_due); "waiting" = pending_triage. Held, rejected
 * and cancelled runs do not count.
 */
async function earlierInvoices(tx: TTransaction, run: TApRun, livemode: boolean, vendorKey: string): Promise<TEarlierInvoice[]> {
  const rows = await tx.$queryRaw<(Omit<TEarlierInvoice, "at"> & { at: Date })[]>`
    SELECT a.run_id::text AS run_id, a.invoice_number, a.invoice_date::text AS invoice_date, a.currency,
      a.total_cents::float8 AS total_cents, a.po_key, a.lines,
      CASE WHEN r.status = 'completed' THEN 'paid' ELSE 'pending_review' END AS status,
      CASE WHEN r.status <> 'completed' THEN NULL
           WHEN jsonb_typeof(r.output->'amount_due') = 'number' THEN round((r.output->>'amount_due')::numeric * 100)::float8
           ELSE a.total_cents::float8 END AS paid_cents,
      COALESCE(r.completed_at, r.updated_at) AS at
    FROM ap_invoices a JOIN runs r ON r.id = a.run_id
    WHERE a.organization_id = ${run.organizationId}::uuid AND a.livemode = ${livemode} AND a.vendor_key = ${vendorKey}
      AND a.run_id <> ${run.runId}::uuid
      AND ((r.status = 'completed' AND r.output->>'decision' = 'approve_payment') OR r.status = 'pending_triage')
    ORDER BY a.created_at, a.run_id`;
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/**
 * The AP result with the organization's history and tolerances, for a run being recorded in
 * `tx` (call before the outcome is written, in the same transaction). Records this run's
 * invoice in ap_invoices (again on a later review round: the data may have changed).
 */
export async function apResultWithHistory(tx: TTransaction, run: TApRun): Promise<TAgentResult> {
  const input = { task: run.task, data: run.data };
  const { invoice, order } = apDocumentsOf(input);
  const livemode = run.livemode ?? false;
  const vendorKey = normalizeVendor(invoice.vendor);
  // One vendor's invoices in one organization and mode are recorded one at a time (until commit).
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`ap-invoice:${run.organizationId}:${livemode}:${vendorKey}`}, 0))) l`;
  const [organization] = await tx.$queryRaw<{ ap_settings: unknown }[]>`
    SELECT ap_settings FROM organizations WHERE id = ${run.organizationId}::uuid`;
  const settings = apSettingsFrom(organization?.ap_settings, livemode);
  const history = await earlierInvoices(tx, run, livemode, vendorKey);
  const decided = apSpecialist(input, { settings, history });
  // The default agent routed this invoice here: its output still says so.
  const result = run.agentType === "center" ? { ...decided, output: { ...decided.output, routed_to: "ap_specialist" } } : decided;

  const lines = invoice.lines.map((line) => ({ sku: line.sku.trim().toUpperCase(), quantity: line.quantity }));
  await tx.$executeRaw`
    INSERT INTO ap_invoices (run_id, organization_id, livemode, vendor_key, invoice_number, invoice_key, invoice_date, currency, total_cents, po_key, lines)
    VALUES (${run.runId}::uuid, ${run.organizationId}::uuid, ${livemode}, ${vendorKey}, ${invoice.number}, ${normalizeDocumentNumber(invoice.number)},
      ${invoice.date ?? null}::date, ${invoice.currency}, ${toCents(invoice.total)}, ${order ? normalizeDocumentNumber(order.number) : null},
      ${JSON.stringify(lines)}::jsonb)
    ON CONFLICT (run_id) DO UPDATE SET vendor_key = EXCLUDED.vendor_key, invoice_number = EXCLUDED.invoice_number,
      invoice_key = EXCLUDED.invoice_key, invoice_date = EXCLUDED.invoice_date, currency = EXCLUDED.currency,
      total_cents = EXCLUDED.total_cents, po_key = EXCLUDED.po_key, lines = EXCLUDED.lines`;
  return result;
}

/**
 * Whether the AP controls apply to this outcome: a result of ap_specialist, or of the default
 * agent when it routed the work to ap_specialist (the same invoice, the same controls).
 */
export function takesApControls(agentType: string, outcome: { kind: string; result?: TAgentResult | null }): boolean {
  if (outcome.kind !== "result") return false;
  return agentType === "ap_specialist" || (agentType === "center" && outcome.result?.output.routed_to === "ap_specialist");
}
