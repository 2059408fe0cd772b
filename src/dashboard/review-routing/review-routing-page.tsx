"use client";
// Review routing: for each agent type the organization has (the built-ins and its own), who
// is told by email or chat when a review item opens, the escalation, and how many people must
// approve (docs/dashboard.md, "Review routing"). Admins edit; reviewers and viewers read (the
// server refuses their writes anyway).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { cn } from "../lib/cn";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan, useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { summarizeRoute } from "./route-draft";
import { RouteForm } from "./route-form";

export function ReviewRoutingPage() {
  const trpc = useTRPC();
  const { mode } = useSession().current;
  const canWrite = useCan("agents:write");
  const agents = useQuery(trpc.agents.list.queryOptions({}));
  const routes = useQuery(trpc.reviewRoutes.list.queryOptions({}));
  const [selected, setSelected] = useState<string | null>(null);

  const list = agents.data?.data ?? [];
  const routeOf = new Map((routes.data?.data ?? []).map((route) => [route.agent_type, route]));
  const current = selected ?? list[0]?.name ?? null;
  return (
    <>
      <PageHeader
        title="Review routing"
        description={`Who hears of each agent's review items by email or chat (${mode} mode), who is told next if nobody decides, and how many people must approve.`}
      />
      {!canWrite ? (
        <p role="note" className="mb-4 rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          You can read the routes; only admins change them. Chat webhook URLs are shown masked.
        </p>
      ) : null}
      <ErrorMessage error={agents.error ?? routes.error} className="mb-4" />
      {!agents.data || !routes.data ? (
        agents.error || routes.error ? null : <Loading label="Loading the review routes" />
      ) : list.length === 0 ? (
        <EmptyState title="No agents">This organization has no agents in {mode} mode.</EmptyState>
      ) : (
        <div className="grid min-w-0 gap-4 md:grid-cols-[16rem_1fr]">
          <nav aria-label="Agent types">
            <ul className="grid gap-1">
              {list.map((agent) => {
                const route = routeOf.get(agent.name);
                const active = agent.name === current;
                return (
                  <li key={agent.name}>
                    <button
                      type="button"
                      aria-current={active ? "true" : undefined}
                      onClick={() => setSelected(agent.name)}
                      className={cn(
                        "grid w-full gap-0.5 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        active && "border-primary bg-accent",
                      )}
                    >
                      <span className="flex flex-wrap items-center gap-2 font-medium">
                        <span className="break-all">{agent.name}</span>
                        {agent.kind === "built_in" ? <Badge variant="outline">built-in</Badge> : null}
                      </span>
                      <span className="text-xs text-muted-foreground">{summarizeRoute(route)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="min-w-0">{current ? <SelectedRoute agentType={current} canWrite={canWrite} /> : null}</div>
        </div>
      )}
    </>
  );
}

function SelectedRoute({ agentType, canWrite }: { agentType: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const route = useQuery(trpc.reviewRoutes.get.queryOptions({ agent_type: agentType }));
  if (route.error) return <ErrorMessage error={route.error} />;
  if (!route.data) return <Loading label={`Loading the route for ${agentType}`} rows={4} />;
  // A new form per agent: its draft starts from that agent's route.
  return <RouteForm key={agentType} route={route.data.route} canWrite={canWrite} />;
}
