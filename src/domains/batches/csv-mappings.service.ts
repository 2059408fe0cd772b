// The new-batch dialog's saved column mappings: one per organization, mode and agent type,
// replaced each time a batch is created from a CSV (the dialog applies it to matching headers).
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { db } from "../../foundation/db/client.ts";
import type { TAgentType } from "../agents/agent-types.ts";
import { ZCsvMapping, type TCsvMapping } from "./csv-mappings.schemas.ts";

export async function getCsvMapping(principal: TPrincipal, agentType: TAgentType) {
  const stored = await db().csvMapping.findFirst({ where: { ...tenantScope(principal), agentType } });
  // Stored through saveCsvMapping's schema; a row that no longer fits reads as none.
  const parsed = stored ? ZCsvMapping.safeParse({ columns: stored.columns, key_column: stored.keyColumn }) : null;
  return { agent_type: agentType, mapping: parsed?.success ? parsed.data : null };
}

export async function saveCsvMapping(principal: TPrincipal, agentType: TAgentType, mapping: TCsvMapping) {
  const { organizationId, livemode } = tenantScope(principal);
  const fields = { columns: mapping.columns, keyColumn: mapping.key_column };
  await db().csvMapping.upsert({
    where: { organizationId_livemode_agentType: { organizationId, livemode, agentType } },
    create: { organizationId, livemode, agentType, ...fields },
    update: fields,
  });
  return { agent_type: agentType, mapping };
}
