// Contracts of the triage endpoints.
import { z } from "zod";
import { ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";
import { ZJsonObject, ZJsonObjectOutput, ZUuid } from "../../foundation/schemas.ts";
import { ZTriageItem } from "../runs/runs.schemas.ts";

export const ZTriageListItem = ZTriageItem.extend({
  agent_runs: z.object({
    id: z.uuid(),
    agent_type: z.string(),
    confidence_score: z.number().nullable(),
    // Additions beyond the spec (optional): what a reviewer reads before deciding.
    task: z.string().optional(),
    data: ZJsonObjectOutput.nullable().optional(),
  }),
});

/** `resolved` = approved and rejected together (newest decision first). */
export const TRIAGE_LIST_STATUSES = ["pending", "approved", "rejected", "resolved"] as const;
export type TTriageListStatus = (typeof TRIAGE_LIST_STATUSES)[number];

export const ZListTriageQuery = ZPaginationQuery.extend({
  status: z.enum(TRIAGE_LIST_STATUSES, { error: `status must be one of ${TRIAGE_LIST_STATUSES.join(", ")}` }).optional(),
});
export const ZListTriageResponse = z.object({ data: z.array(ZTriageListItem), ...ZPageInfo });

const ZNote = z.string().trim().max(5000);

export const ZApproveTriageRequest = z.object({
  id: ZUuid("id"),
  resolution_note: ZNote.optional(),
  // The reviewer's edit of the proposed output (an object); the run completes with it.
  output: ZJsonObject.optional(),
});
export const ZRejectTriageRequest = z.object({
  id: ZUuid("id"),
  reason: ZNote.optional(),
  resolution_note: ZNote.optional(),
});

export const ZResolveTriageResponse = z.object({
  data: z.object({
    id: z.uuid(),
    status: z.enum(["approved", "rejected"]),
    resolved_at: z.string(),
    resolution_note: z.string().nullable(),
    resolved_by: z.string(),
    run_id: z.uuid(),
    resolved_by_name: z.string().nullable().optional(),
    output_edited: z.boolean().optional(),
  }),
});
