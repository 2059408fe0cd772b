// What every built-in agent takes and returns (docs/contract.md, "Built-in agents"), and the
// one error an agent throws when its input cannot be used.
import type { z } from "zod";

export type TAgentInput = { task: string; data: Record<string, unknown> | null };

export type TAgentResult = {
  output: Record<string, unknown>;
  confidence_score: number;
  /** Set when the agent itself wants a person to look, whatever the confidence. */
  triage?: { reason: string };
  /** The agent's own words for why it is unsure, added to the reason when the score is below the threshold. */
  lowConfidenceReason?: string;
  /** The agent's own review threshold (a custom agent's version), instead of the organization's. */
  reviewThreshold?: number;
};

/** Pure and synchronous, so agents are unit-testable without a clock or a database. */
export type TAgent = (input: TAgentInput) => TAgentResult;

/**
 * The input cannot be worked on at all (as opposed to a discrepancy a person should
 * review). The run fails and `message` becomes its error_message, so it names the field.
 */
export class AgentInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = "AgentInputError";
    this.field = field;
  }
}

/** `["lines", 2, "quantity"]` under `data.invoice` → `data.invoice.lines[2].quantity`. */
export function formatFieldPath(root: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (joined, key) => (typeof key === "number" ? `${joined}[${key}]` : `${joined}.${String(key)}`),
    root,
  );
}

// Messages read after the field path ("data.invoice.total must be a number"); zod's
// defaults ("Invalid input: expected number, received string") read badly there.
const fieldMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.expected === "array") return "must be an array";
      if (issue.expected === "object") return "must be an object";
      return `must be a ${issue.expected}`;
    case "too_small":
      if (issue.origin === "array") return `must have at least ${String(issue.minimum)} item(s)`;
      if (issue.origin === "string") return "must not be empty";
      return issue.inclusive
        ? `must be at least ${String(issue.minimum)}`
        : `must be greater than ${String(issue.minimum)}`;
    case "too_big":
      if (issue.origin === "array") return `must have at most ${String(issue.maximum)} items`;
      if (issue.origin === "string") return `must be at most ${String(issue.maximum)} characters`;
      return `must be at most ${String(issue.maximum)}`;
    case "invalid_format":
      return issue.format === "email" ? "must be an email address" : undefined;
    default:
      return undefined;
  }
};

/** Parses `value` (found at `root`) or throws an AgentInputError naming the first bad field. */
export function parseAgentInput<TSchema extends z.ZodType>(
  schema: TSchema,
  value: unknown,
  root: string,
): z.output<TSchema> {
  const result = schema.safeParse(value, { error: fieldMessages });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = formatFieldPath(root, issue?.path ?? []);
  throw new AgentInputError(field, `${field} ${issue?.message ?? "is invalid"}`);
}
