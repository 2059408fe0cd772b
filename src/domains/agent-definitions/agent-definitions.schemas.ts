// Contracts of the agent endpoints (docs/api-conventions.md, "Agent definitions").
import { z } from "zod";
import { ZActor } from "../auth/actors.schemas.ts";
import { ZJsonObject, ZJsonObjectOutput } from "../../foundation/schemas.ts";
import { AGENT_NAME_PATTERN } from "../agents/agent-types.ts";
import { TOOL_NAMES } from "../agents/model-tools.ts";

export const ZAgentName = z
  .string({ error: "name is required" })
  .regex(AGENT_NAME_PATTERN, "name must start with a lower-case letter, then 2-39 lower-case letters, digits or _");

const ZReviewRequest = z
  .object({
    confidence_threshold: z
      .number({ error: "review.confidence_threshold must be a number" })
      .min(0, "review.confidence_threshold must be between 0 and 1")
      .max(1, "review.confidence_threshold must be between 0 and 1")
      .optional()
      .meta({ description: "Runs below this confidence wait for a person; default: the organization's threshold at run time." }),
    always: z.boolean().optional().meta({ description: "Every run waits for a person." }),
    sla_minutes: z
      .number({ error: "review.sla_minutes must be a whole number" })
      .int("review.sla_minutes must be a whole number")
      .min(1, "review.sla_minutes must be between 1 and 10080")
      .max(10080, "review.sla_minutes must be between 1 and 10080")
      .optional()
      .meta({ description: "Minutes a triage item of this version may wait before it is overdue; default: the organization's triage_sla_minutes." }),
    max_rounds: z
      .number({ error: "review.max_rounds must be a whole number" })
      .int("review.max_rounds must be a whole number")
      .min(1, "review.max_rounds must be between 1 and 20")
      .max(20, "review.max_rounds must be between 1 and 20")
      .optional()
      .meta({ description: "How many times a reviewer may request changes on one run; default: the server's setting (5)." }),
    spot_check_rate: z
      .number({ error: "review.spot_check_rate must be a number" })
      .min(0, "review.spot_check_rate must be between 0 and 1")
      .max(1, "review.spot_check_rate must be between 0 and 1")
      .optional()
      .meta({ description: "Share (0–1) of the runs that completed on their own sent to a spot check (docs/api-conventions.md, \"Spot checks\"); default 0." }),
  })
  .strict();

/** A version's release gate (docs/api-conventions.md, "Releases"): what making it active needs. */
export const RELEASE_DEFAULTS = { require_evaluation: false, max_regression: 0.02, min_cases: 20 } as const;
const ZReleaseRequest = z
  .object({
    require_evaluation: z
      .boolean({ error: "release.require_evaluation must be true or false" })
      .optional()
      .meta({ description: "Making this version active needs a passed evaluation of it (else 409 gate_not_passed); default false." }),
    max_regression: z
      .number({ error: "release.max_regression must be a number between 0 and 1" })
      .min(0, "release.max_regression must be a number between 0 and 1")
      .max(1, "release.max_regression must be a number between 0 and 1")
      .optional()
      .meta({ description: "How far the evaluation's agreement may fall below the baseline's and still pass; default 0.02." }),
    min_cases: z
      .number({ error: "release.min_cases must be a whole number between 1 and 500" })
      .int("release.min_cases must be a whole number between 1 and 500")
      .min(1, "release.min_cases must be a whole number between 1 and 500")
      .max(500, "release.min_cases must be a whole number between 1 and 500")
      .optional()
      .meta({ description: "Judged cases (agreed + disagreed) a passing evaluation needs; default 20." }),
  })
  .strict();
export const ZRelease = z.object({ require_evaluation: z.boolean(), max_regression: z.number(), min_cases: z.number().int() });
export type TRelease = z.infer<typeof ZRelease>;

/**
 * Largest body of POST /v1/agents and POST /v1/agents/{name}/versions: two schemas of at most
 * 64 KB (agents/schema-limits.ts) and 100,000 characters of instructions fit well; a bigger
 * body is refused (413) before it is parsed, so a huge schema costs neither time nor memory.
 */
export const MAX_AGENT_DEFINITION_BODY_BYTES = 1024 * 1024;

/** A version's content: the body of POST /v1/agents without `name`, and of POST /v1/agents/{name}/versions. */
export const ZAgentVersionBody = z.object({
  description: z.string().trim().max(2000).optional(),
  instructions: z
    .string({ error: "instructions is required" })
    .trim()
    .min(1, "instructions must not be empty")
    .max(100_000)
    .meta({ description: "The system prompt of every run of this version." }),
  output_schema: ZJsonObject.optional().meta({
    description: "JSON Schema (draft 2020-12) of the run's output, an object schema; default: any JSON object.",
  }),
  input_schema: ZJsonObject.optional().meta({
    description: "JSON Schema (draft 2020-12) a run's `data` must fit, checked before anything is charged; default: anything.",
  }),
  tools: z
    .array(z.enum(TOOL_NAMES, { error: `tools must name tools of GET /v1/agents: ${TOOL_NAMES.join(", ")}` }))
    .max(TOOL_NAMES.length)
    .optional(),
  review: ZReviewRequest.optional(),
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "The model id to ask, one of GET /v1/agents' `models.allowed` (else 400); default: the server's AGENT_MODEL." }),
  release: ZReleaseRequest.optional().meta({ description: "This version's release gate (docs/api-conventions.md, \"Releases\")." }),
});
export type TAgentVersionBody = z.infer<typeof ZAgentVersionBody>;

export const ZCreateAgentRequest = ZAgentVersionBody.extend({ name: ZAgentName });
export type TCreateAgentRequest = z.infer<typeof ZCreateAgentRequest>;

export const ZAgentNameInput = z.object({ name: z.string().min(1).max(100) });
const ZForce = z
  .boolean({ error: "force must be true or false" })
  .optional()
  .meta({ description: "Make the version active without the passed evaluation its release gate requires; recorded on the version (`forced`)." });
export const ZAddVersionRequest = ZAgentVersionBody.extend({
  name: z.string().min(1).max(100),
  activate: z
    .boolean({ error: "activate must be true or false" })
    .optional()
    .meta({ description: "false: store the version without making it active (evaluate it, roll it out, pin runs to it, activate it later); default true." }),
  force: ZForce,
});
export const ZVersionInput = z.object({
  name: z.string().min(1).max(100),
  version: z.number({ error: "version must be a whole number" }).int("version must be a whole number").min(1),
});
export const ZRollbackRequest = ZVersionInput.extend({ force: ZForce });

/** Where a live version came from: POST /v1/agents/{name}/copy-from-test records the test-mode version. */
export const ZCopiedFrom = z
  .object({ mode: z.literal("test"), version: z.number().int() })
  .nullable()
  .optional()
  .meta({ description: "Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise." });

/** POST /v1/agents/{name}/copy-from-test: which test-mode version of the agent to copy into live mode. */
export const ZCopyFromTestRequest = z
  .object({
    name: z.string().min(1).max(100),
    version: z
      .number({ error: "version must be a whole number" })
      .int("version must be a whole number")
      .min(1, "version must be a whole number from 1")
      .meta({ description: "The test-mode version to copy (GET /v1/agents/{name} with a test key lists them)." }),
  })
  .strict();

export const ZAgent = z.object({
  name: z.string(),
  kind: z.enum(["built_in", "custom"]),
  description: z.string().nullable(),
  version: z.number().int().meta({ description: "The active version (built-ins: 1)." }),
  instructions: z.string().nullable().meta({ description: "The system prompt; null for a rules-based built-in." }),
  output_schema: ZJsonObjectOutput,
  input_schema: ZJsonObjectOutput.nullable(),
  tools: z.array(z.string()),
  review: z.object({
    confidence_threshold: z.number().nullable(),
    always: z.boolean(),
    sla_minutes: z.number().int().nullable().optional().meta({ description: "null: the organization's triage_sla_minutes." }),
    max_rounds: z.number().int().nullable().optional().meta({ description: "null: the server's setting." }),
    spot_check_rate: z.number().optional().meta({ description: "Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate)." }),
  }),
  model: z.string().nullable(),
  release: ZRelease.optional().meta({ description: "The version's release gate; absent for a built-in." }),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  archived_at: z.string().nullable().optional(),
  copied_from: ZCopiedFrom,
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZAgentTool = z.object({ name: z.string(), description: z.string() });
export const ZModelChoices = z
  .object({
    default: z.string().nullable().meta({ description: "The model an agent without `model` asks (AGENT_MODEL); null without a model configured." }),
    allowed: z.array(z.string()).meta({ description: "The model ids an agent may name in `model` (the operator's AGENT_MODEL and AGENT_MODELS)." }),
  })
  .meta({ description: "The models of this server (docs/api-conventions.md, \"Model allow-list\")." });
export const ZListAgentsResponse = z.object({ data: z.array(ZAgent), tools: z.array(ZAgentTool), models: ZModelChoices });
export const ZAgentResponse = z.object({ agent: ZAgent });
export const ZAgentVersionSummary = z.object({
  version: z.number().int(),
  created_at: z.string().nullable(),
  created_by: z.string().nullable(),
  copied_from: ZCopiedFrom,
  // Addition (docs/api-conventions.md, "Actors"): who made the version, by name.
  created_by_actor: ZActor.nullable().optional(),
  active: z.boolean(),
  activated_at: z.string().nullable().meta({ description: "When it was last made active; null: never." }),
  activated_by: z.string().nullable(),
  activated_by_actor: ZActor.nullable().optional(),
  forced: z.boolean().meta({ description: "It was last made active with `force`, past its release gate." }),
  latest_evaluation: z
    .object({ id: z.string(), status: z.string(), agreement_rate: z.number().nullable(), gate: z.object({ passed: z.boolean(), reasons: z.array(z.string()) }) })
    .nullable(),
  latest_rollout: z.object({ status: z.string() }).nullable(),
});
export const ZGetAgentResponse = z.object({ agent: ZAgent, versions: z.array(ZAgentVersionSummary) });
export const ZArchiveAgentResponse = z.object({ archived: z.literal(true) });
