// Contracts of the triage endpoints.
import { z } from "zod";
import { ZPageInfo, ZPaginationQuery } from "../../foundation/pagination.ts";
import { ZUuid } from "../../foundation/schemas.ts";
import { ZTriageItem } from "../runs/runs.schemas.ts";

export const ZTriageListItem = ZTriageItem.extend({
  agent_runs: z.object({ id: z.uuid(), agent_type: z.string(), confidence_score: z.number().nullable() }),
});

export const ZListTriageQuery = ZPaginationQuery;
export const ZListTriageResponse = z.object({ data: z.array(ZTriageListItem), ...ZPageInfo });

const ZNote = z.string().trim().max(5000);

export const ZApproveTriageRequest = z.object({
  id: ZUuid("id"),
  resolution_note: ZNote.optional(),
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
  }),
});
