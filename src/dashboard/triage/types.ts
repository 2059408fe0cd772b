// The triage item as the list procedure returns it (types only: the server decides the shape).
import { isBuiltInAgentType } from "../../domains/agents/agent-types";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { TRejectReasonCode } from "../../domains/runs/runs.schemas";
import type { TAppRouter } from "../../transport/trpc/root";

export type TTriageItem = inferRouterOutputs<TAppRouter>["triage"]["list"]["data"][number];
export type TTriageListInput = inferRouterInputs<TAppRouter>["triage"]["list"];

/** The inline form open on the focused item, if any. */
export type TTriageForm = "reject" | "edit" | "changes" | "incorrect" | null;

// Kept here rather than imported: the schema modules reach the database client.
export const REJECT_REASON_CODES = [
  "incorrect_output",
  "incomplete_input",
  "duplicate",
  "suspected_fraud",
  "policy",
  "other",
] as const satisfies readonly TRejectReasonCode[];
export type { TRejectReasonCode };

export const REASON_CODE_LABELS: Record<TRejectReasonCode, string> = {
  incorrect_output: "Incorrect output",
  incomplete_input: "Incomplete input",
  duplicate: "Duplicate",
  suspected_fraud: "Suspected fraud",
  policy: "Against policy",
  other: "Other",
};

/** What a reject sends: a reason code and the reason in words. */
export type TRejection = { reasonCode: TRejectReasonCode; reason: string };
/** What a request for changes sends: feedback, and for built-in agents a merge patch of the data. */
export type TChangeRequest = { feedback: string; dataPatch?: Record<string, unknown> };

/** A spot check's verdict: correct, or incorrect with (optionally) the output that was right and a note. */
export type TVerdict = { verdict: "correct" | "incorrect"; correctedOutput?: Record<string, unknown>; note?: string };

/** A completed run sampled for a verdict (docs/api-conventions.md, "Spot checks"), not a run waiting for a decision. */
export const isSpotCheck = (item: { kind?: string }): boolean => item.kind === "spot_check";

/** The actor id the server records for the signed-in member (claimed_by, resolved_by). */
export const memberActor = (memberId: string): string => `member:${memberId}`;

/** Agents whose input a reviewer may patch when requesting changes (model-backed ones get feedback only). */
export const canPatchData = (agentType: string): boolean => isBuiltInAgentType(agentType) && agentType !== "assistant";
