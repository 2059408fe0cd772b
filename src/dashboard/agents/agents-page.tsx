"use client";
// Agents: the built-ins (read-only) and this organization's own agents in the current mode.
// Admins (agents:write) define agents, add versions, roll back and archive; everyone sees
// the list, an agent's versions and their diff; members who may start runs (agents:run)
// try an agent in test mode. The server refuses what a role lacks either way.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan, useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { AgentForm } from "./agent-form";
import { AgentVersions } from "./agent-versions";
import { TryIt } from "./try-it";
import type { TAgentTool, TAgentView } from "./types";

type TEditing = { kind: "new" } | { kind: "version"; name: string } | null;

export function AgentsPage() {
  const trpc = useTRPC();
  const { mode } = useSession().current;
  const canWrite = useCan("agents:write");
  const agents = useQuery(trpc.agents.list.queryOptions({}));
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<TEditing>(null);

  const list = agents.data?.data ?? [];
  const tools = agents.data?.tools ?? [];
  const models = agents.data?.models ?? { default: null, allowed: [] };
  const current = list.find((agent) => agent.name === selected);
  return (
    <>
      <PageHeader
        title="Agents"
        description={`The built-in agents and this organization's own ${mode}-mode agents.`}
        actions={
          canWrite && editing?.kind !== "new" ? (
            <Button onClick={() => setEditing({ kind: "new" })}>
              <PlusIcon aria-hidden />
              New agent
            </Button>
          ) : undefined
        }
      />
      <div className="grid min-w-0 gap-6">
        {editing?.kind === "new" ? (
          <AgentForm
            tools={tools}
            models={models}
            onCancel={() => setEditing(null)}
            onDone={(name) => {
              setEditing(null);
              setSelected(name);
            }}
          />
        ) : null}
        {agents.error ? <ErrorMessage error={agents.error} /> : null}
        {agents.isPending ? (
          <Loading label="Loading agents" />
        ) : (
          <Table aria-label="Agents">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Active version</TableHead>
                <TableHead>Description</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((agent) => (
                <TableRow key={agent.name} data-agent={agent.name}>
                  <TableCell className="font-mono">{agent.name}</TableCell>
                  <TableCell>
                    {agent.kind === "built_in" ? <Badge variant="outline">built-in · read-only</Badge> : <Badge>custom</Badge>}
                  </TableCell>
                  <TableCell>v{agent.version}</TableCell>
                  <TableCell className="max-w-md text-muted-foreground">{agent.description ?? "—"}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    <Button variant="ghost" size="sm" asChild>
                      <Link href={`/quality?agent=${encodeURIComponent(agent.name)}`} aria-label={`Quality of ${agent.name}`}>
                        Quality
                      </Link>
                    </Button>{" "}
                    <Button variant="outline" size="sm" aria-label={`Open ${agent.name}`} onClick={() => setSelected(agent.name)}>
                      Open
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {current ? (
          editing?.kind === "version" && editing.name === current.name ? (
            <AgentForm key={`${current.name}-${current.version}`} agent={current} tools={tools} models={models} onCancel={() => setEditing(null)} onDone={() => setEditing(null)} />
          ) : (
            <AgentDetail
              key={current.name}
              agent={current}
              tools={tools}
              onEdit={() => setEditing({ kind: "version", name: current.name })}
              onArchived={() => setSelected(null)}
            />
          )
        ) : null}
      </div>
    </>
  );
}

function AgentDetail({ agent, tools, onEdit, onArchived }: { agent: TAgentView; tools: TAgentTool[]; onEdit: () => void; onArchived: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("agents:write") && agent.kind === "custom";
  const canRun = useCan("agents:run");
  const archive = useMutation(
    trpc.agents.archive.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey() });
        onArchived();
      },
    }),
  );
  const toolName = (name: string) => tools.find((tool) => tool.name === name)?.name ?? name;
  return (
    <Card aria-labelledby={`agent-${agent.name}`} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id={`agent-${agent.name}`} className="font-mono">
            {agent.name} · v{agent.version}
          </CardTitle>
          <CardDescription>
            {agent.kind === "built_in" ? "A built-in agent: read-only." : (agent.description ?? "A custom agent.")}
          </CardDescription>
        </div>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={onEdit}>
              New version
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  Archive
                </Button>
              }
              title={`Archive ${agent.name}?`}
              description="New runs of this agent are refused; its past runs and versions stay readable. Its name stays taken."
              confirmLabel="Archive agent"
              onConfirm={() => archive.mutateAsync({ name: agent.name })}
            />
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Instructions</dt>
          <dd className="whitespace-pre-wrap break-words">{agent.instructions ?? "Rules-based: no instructions."}</dd>
          <dt className="text-muted-foreground">Tools</dt>
          <dd>{agent.tools.length ? agent.tools.map(toolName).join(", ") : "None"}</dd>
          <dt className="text-muted-foreground">Review threshold</dt>
          <dd>{agent.review.confidence_threshold ?? "The organization's"}</dd>
          <dt className="text-muted-foreground">Always review</dt>
          <dd>{agent.review.always ? "Yes" : "No"}</dd>
          <dt className="text-muted-foreground">Model</dt>
          <dd>{agent.model ?? (agent.kind === "custom" ? "The server's AGENT_MODEL" : "None")}</dd>
        </dl>
        <AgentVersions agent={agent} />
        {canRun ? (
          <section aria-labelledby={`try-${agent.name}`} className="grid gap-2">
            <h3 id={`try-${agent.name}`} className="font-medium">
              Try it
            </h3>
            <TryIt name={agent.name} />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
