// RFQ numbers unique per organization: the RFQ agents draft a number from the task and items
// (the same for two runs of the same request), and the run is given the organization's next
// number when its outcome is recorded, in that statement or transaction (a rollback gives it
// back). The counter is one row per organization: the one statement holds its lock for one
// statement, not for a transaction's round trips, so concurrent runs do not queue on it.
import { Prisma } from "../../generated/prisma/client.ts";
import type { TAgentResult } from "../agents/types.ts";

/** Whether this result carries an RFQ document to number (rfq_generator, or center routed to it). */
export function takesRfqNumber(agentType: string, result: TAgentResult | null): boolean {
  return (agentType === "rfq_generator" || agentType === "center") && typeof result?.output.rfq_number === "string";
}

export const formatRfqNumber = (sequence: number): string => `RFQ-${String(sequence).padStart(6, "0")}`;

/** formatRfqNumber in SQL: lpad would cut a seventh digit, so longer numbers are kept whole. */
const RFQ_NUMBER_SQL = Prisma.sql`'RFQ-' || CASE WHEN length(rfq_sequence::text) >= 6 THEN rfq_sequence::text ELSE lpad(rfq_sequence::text, 6, '0') END`;

/**
 * The CTEs `rfq` (the organization's next number, taken only while the run is running and
 * `guard` holds, so a run that is not recorded takes none) and `numbered` (the output `output`
 * with that number in `rfq_number` and in place of `drafted` in `body_markdown`, as
 * withOrganizationRfqNumber does). For the statement that records a run's outcome.
 */
export function rfqNumberedCtes(runId: string, output: string, drafted: string, guard: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    rfq AS (
      UPDATE organizations SET rfq_sequence = rfq_sequence + 1
      WHERE id = (SELECT organization_id FROM runs WHERE id = ${runId}::uuid AND status = 'running') AND ${guard}
      RETURNING ${RFQ_NUMBER_SQL} AS number),
    numbered AS (
      SELECT CASE
        WHEN rfq.number IS NULL THEN o.value
        WHEN jsonb_typeof(o.value -> 'body_markdown') = 'string' THEN jsonb_set(jsonb_set(o.value, '{rfq_number}', to_jsonb(rfq.number)),
          '{body_markdown}', to_jsonb(replace(o.value ->> 'body_markdown', ${drafted}::text, rfq.number)))
        ELSE jsonb_set(o.value, '{rfq_number}', to_jsonb(rfq.number)) END AS value
      FROM (SELECT ${output}::jsonb AS value) o LEFT JOIN rfq ON true)`;
}

/** The result with the organization's next RFQ number in place of the drafted one (in the body too). */
export async function withOrganizationRfqNumber(tx: Prisma.TransactionClient, organizationId: string, result: TAgentResult): Promise<TAgentResult> {
  const [counter] = await tx.$queryRaw<{ rfq_sequence: number }[]>`
    UPDATE organizations SET rfq_sequence = rfq_sequence + 1 WHERE id = ${organizationId}::uuid RETURNING rfq_sequence`;
  if (!counter) return result;
  const drafted = result.output.rfq_number as string;
  const number = formatRfqNumber(counter.rfq_sequence);
  const output: Record<string, unknown> = { ...result.output, rfq_number: number };
  // An empty draft replaces nothing (as SQL's replace), rather than every gap between characters.
  if (typeof output.body_markdown === "string" && drafted !== "") output.body_markdown = output.body_markdown.split(drafted).join(number);
  return { ...result, output };
}
