// Contracts of the new-batch dialog's saved column mappings (dashboard only, no /v1 path):
// the last mapping a person used for an agent type, per organization and mode.
import { z } from "zod";
import { ZAgentType } from "../agents/agent-types.ts";

export const MAX_CSV_MAPPING_COLUMNS = 200;
export const MAX_CSV_HEADER_LENGTH = 200;
/** A target is "" (ignore), "(task)" or a data path such as `invoice.lines[].quantity`. */
export const MAX_CSV_TARGET_LENGTH = 500;

const ZHeader = z.string().max(MAX_CSV_HEADER_LENGTH, `a header must be at most ${MAX_CSV_HEADER_LENGTH} characters`);

export const ZCsvMappingColumn = z.object({
  header: ZHeader.min(1, "a header must not be empty"),
  target: z.string().max(MAX_CSV_TARGET_LENGTH, `a target must be at most ${MAX_CSV_TARGET_LENGTH} characters`),
});

export const ZCsvMapping = z.object({
  columns: z.array(ZCsvMappingColumn).max(MAX_CSV_MAPPING_COLUMNS, `columns must contain at most ${MAX_CSV_MAPPING_COLUMNS} columns`),
  key_column: ZHeader.min(1).nullable(),
});
export type TCsvMapping = z.infer<typeof ZCsvMapping>;

export const ZCsvMappingQuery = z.object({ agent_type: ZAgentType });
export const ZCsvMappingResponse = z.object({ agent_type: ZAgentType, mapping: ZCsvMapping.nullable() });
export const ZSaveCsvMappingRequest = ZCsvMapping.extend({ agent_type: ZAgentType }).refine(
  (input) => new Set(input.columns.map((column) => column.header)).size === input.columns.length,
  { message: "each header may appear once", path: ["columns"] },
);
