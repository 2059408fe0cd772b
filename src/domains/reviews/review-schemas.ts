// The schemas a reviewer's forms are built from (triage.schemas, dashboard only): the input
// schema of the item's run (request changes edits its data) and the output schema of its
// agent (edit and approve), read from the version the run is pinned to. The item must be the
// caller's organization's, in the caller's mode; the procedure asks for triage:read.
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import { BUILT_IN_INPUT_SCHEMAS } from "../agents/input-schemas.ts";
import { BUILT_IN_OUTPUT_SCHEMAS } from "../agents/output-schemas.ts";
import { db } from "../../foundation/db/client.ts";
import { notFound } from "../../foundation/errors.ts";

const ANY_OBJECT = { type: "object" };
const asSchema = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export async function reviewSchemas(principal: TPrincipal, triageItemId: string) {
  const item = await db().triageItem.findFirst({
    where: { id: triageItemId, ...tenantScope(principal) },
    select: { run: { select: { agentType: true, agentVersion: true, agentLivemode: true, livemode: true, organizationId: true } } },
  });
  if (!item) throw notFound("Triage item");
  const { run } = item;
  if (isBuiltInAgentType(run.agentType)) {
    return {
      agent_type: run.agentType,
      agent_version: run.agentVersion,
      input_schema: BUILT_IN_INPUT_SCHEMAS[run.agentType],
      output_schema: BUILT_IN_OUTPUT_SCHEMAS[run.agentType],
      // The same rule as request-changes.service.ts: model-backed agents read feedback instead.
      data_patch: run.agentType !== "assistant",
    };
  }
  // The version the run is pinned to, of the definition in the run's agent mode (a live run
  // may use a test-mode definition: agentLivemode), as review-rounds.ts reads its max_rounds.
  const version = await db().agentVersion.findFirst({
    where: { version: run.agentVersion, definition: { organizationId: run.organizationId, livemode: run.agentLivemode ?? run.livemode, name: run.agentType } },
    select: { inputSchema: true, outputSchema: true },
  });
  return {
    agent_type: run.agentType,
    agent_version: run.agentVersion,
    input_schema: asSchema(version?.inputSchema),
    output_schema: asSchema(version?.outputSchema) ?? ANY_OBJECT,
    data_patch: false,
  };
}
