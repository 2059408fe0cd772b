// The schemas a reviewer's forms are built from (triage.schemas, dashboard only): the input
// schema of the item's run (request changes edits its data) and the output schema of its
// agent (edit and approve), read from the version the run is pinned to. The item must be the
// caller's organization's, in the caller's mode; the procedure asks for triage:read.
import type { TPrincipal } from "../auth/authenticate.ts";
import { tenantScope } from "../auth/tenant.ts";
import { isBuiltInAgentType } from "../agents/agent-types.ts";
import { BUILT_IN_INPUT_SCHEMAS } from "../agents/input-schemas.ts";
import { BUILT_IN_OUTPUT_SCHEMAS } from "../agents/output-schemas.ts";
import { customAgentSchemasOf } from "../agent-definitions/run-agent.ts";
import { db } from "../../foundation/db/client.ts";
import { notFound } from "../../foundation/errors.ts";

const ANY_OBJECT = { type: "object" };

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
  // A run may use the other mode's definition (agentLivemode): its schemas are that version's.
  const tenant = { organizationId: run.organizationId, livemode: run.agentLivemode ?? run.livemode };
  const schemas = await customAgentSchemasOf(tenant, run.agentType, run.agentVersion);
  return {
    agent_type: run.agentType,
    agent_version: run.agentVersion,
    input_schema: schemas?.input ?? null,
    output_schema: schemas?.output ?? ANY_OBJECT,
    data_patch: false,
  };
}
