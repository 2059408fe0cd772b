// RFQ numbers unique per organization: the RFQ agents draft a number from the task and items
// (the same for two runs of the same request), and the run is given the organization's next
// number when its outcome is recorded, in that transaction (a rollback gives it back).
import type { Prisma } from "../../generated/prisma/client.ts";
import type { TAgentResult } from "../agents/types.ts";

/** Whether this result carries an RFQ document to number (rfq_generator, or center routed to it). */
export function takesRfqNumber(agentType: string, result: TAgentResult | null): boolean {
  return (agentType === "rfq_generator" || agentType === "center") && typeof result?.output.rfq_number === "string";
}

export const formatRfqNumber = (sequence: number): string => `RFQ-${String(sequence).padStart(6, "0")}`;

/** The result with the organization's next RFQ number in place of the drafted one (in the body too). */
export async function withOrganizationRfqNumber(tx: Prisma.TransactionClient, organizationId: string, result: TAgentResult): Promise<TAgentResult> {
  const [counter] = await tx.$queryRaw<{ rfq_sequence: number }[]>`
    UPDATE organizations SET rfq_sequence = rfq_sequence + 1 WHERE id = ${organizationId}::uuid RETURNING rfq_sequence`;
  if (!counter) return result;
  const drafted = result.output.rfq_number as string;
  const number = formatRfqNumber(counter.rfq_sequence);
  const output: Record<string, unknown> = { ...result.output, rfq_number: number };
  if (typeof output.body_markdown === "string") output.body_markdown = output.body_markdown.split(drafted).join(number);
  return { ...result, output };
}
