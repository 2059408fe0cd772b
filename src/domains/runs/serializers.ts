// Database rows → public JSON shapes. Output schemas re-check these on every response.
import type { Run, TriageItem } from "../../generated/prisma/client.ts";
import { asJsonObject, iso, isoOrNull } from "../../foundation/schemas.ts";
import { TASK_PREVIEW_LENGTH } from "./runs.schemas.ts";

function serializeRunFields(run: Run) {
  return {
    id: run.id,
    agent_type: run.agentType,
    status: run.status,
    priority: run.priority,
    created_at: iso(run.createdAt),
    started_at: isoOrNull(run.startedAt),
    completed_at: isoOrNull(run.completedAt),
    confidence_score: run.confidenceScore,
    requires_triage: run.requiresTriage,
    error_message: run.errorMessage,
  };
}

export function serializeRunListItem(run: Run) {
  return { ...serializeRunFields(run), task_preview: run.task.slice(0, TASK_PREVIEW_LENGTH) };
}

export function serializeRun(run: Run) {
  return {
    ...serializeRunFields(run),
    task: run.task,
    data: asJsonObject(run.data),
    output: asJsonObject(run.output),
    batch_id: run.batchJobId,
    livemode: run.livemode,
    agent_version: run.agentVersion,
    model_usage: (run.modelUsage ?? null) as { model: string; calls: number; input_tokens: number; output_tokens: number } | null,
  };
}

export function serializeTriageItem(item: TriageItem) {
  return {
    id: item.id,
    run_id: item.runId,
    status: item.status,
    triage_reason: item.triageReason,
    proposed_output: asJsonObject(item.proposedOutput),
    created_at: iso(item.createdAt),
    resolved_at: isoOrNull(item.resolvedAt),
    resolution_note: item.resolutionNote,
    resolved_by: item.resolvedBy,
    resolved_by_name: item.resolvedByName,
    output_edited: item.outputEdited,
    agent_version: item.agentVersion,
  };
}
