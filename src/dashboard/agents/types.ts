import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

type TOutputs = inferRouterOutputs<TAppRouter>;
export type TAgentView = TOutputs["agents"]["list"]["data"][number];
export type TAgentTool = TOutputs["agents"]["list"]["tools"][number];
/** The server's models: the default (AGENT_MODEL) and the ids an agent may name (AGENT_MODELS). */
export type TModelChoices = TOutputs["agents"]["list"]["models"];
/** A tool name the server accepts (the list it publishes: agents.list's `tools`). */
export type TToolName = NonNullable<inferRouterInputs<TAppRouter>["agents"]["create"]["tools"]>[number];

/** What a version diff compares: the version's content as the API returns it, without timestamps. */
export function versionJson(agent: TAgentView): string {
  const { created_at: _created, updated_at: _updated, archived_at: _archived, ...content } = agent;
  return JSON.stringify(content, null, 2);
}
