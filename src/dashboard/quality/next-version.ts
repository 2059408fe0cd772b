// The version Apply makes of a custom agent: the active version's whole definition with
// only review.confidence_threshold replaced (what agents.addVersion takes).
import type { inferRouterInputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";
import type { TAgentView } from "../agents/types";

type TAddVersionInput = inferRouterInputs<TAppRouter>["agents"]["addVersion"];

/** The next version's body: the active version unchanged but for its confidence threshold. */
export function nextVersionInput(agent: TAgentView, threshold: number): TAddVersionInput {
  // Unset review settings (null) are left out, so they keep meaning "the default".
  const review = Object.fromEntries(Object.entries(agent.review).filter(([, value]) => value !== null && value !== undefined));
  return {
    name: agent.name,
    description: agent.description ?? undefined,
    instructions: agent.instructions ?? "",
    output_schema: agent.output_schema,
    input_schema: agent.input_schema ?? undefined,
    tools: agent.tools as TAddVersionInput["tools"],
    model: agent.model ?? undefined,
    review: { ...review, confidence_threshold: threshold },
  };
}
