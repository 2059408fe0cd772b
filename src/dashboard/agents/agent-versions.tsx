"use client";
// An agent's version history: when and by whom each version was made, which is active, a
// line diff of any two versions' content, and rolling back to an earlier one (agents:write).
// In test mode an admin copies a version to live (agents.copyFromTest): the live agent's
// version 1, or its next version, made from it. Each version's release state (inactive,
// forced, latest evaluation and rollout) and, for admins, Evaluate and Roll out; the panels
// of an evaluation and of the agent's rollout are in src/dashboard/releases/.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { cn } from "../lib/cn";
import { runDetached } from "../lib/detached";
import { formatDateTime } from "../lib/format";
import { useCan, useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { EvaluateDialog } from "../releases/evaluate-dialog";
import { EvaluationPanel } from "../releases/evaluation-panel";
import { RolloutDialog } from "../releases/rollout-dialog";
import { RolloutPanel } from "../releases/rollout-panel";
import { formatRate } from "../quality/types";
import { evaluationLive, type TVersionSummary } from "../releases/types";
import { Badge, StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { CodeBlock } from "../ui/code-block";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Label, Select } from "../ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { lineDiff } from "./line-diff";
import { versionJson, type TAgentView } from "./types";

const LIST_POLL_MS = 2_000;

export function AgentVersions({ agent }: { agent: TAgentView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("agents:write") && agent.kind === "custom" && !agent.archived_at;
  const testMode = useSession().current.mode === "test";
  const canCopyToLive = useCan("agents:write") && agent.kind === "custom" && testMode;
  const [copied, setCopied] = useState<{ from: number; to: number } | null>(null);
  // undefined: none chosen yet (an evaluation still running shows by itself); null: closed.
  const [chosenEvaluation, setShownEvaluation] = useState<string | null | undefined>(undefined);
  const copyToLive = useMutation(trpc.agents.copyFromTest.mutationOptions());
  // While an evaluation of a version runs, its row follows it (the panel polls the evaluation itself).
  const detail = useQuery(
    trpc.agents.get.queryOptions(
      { name: agent.name },
      {
        refetchInterval: (query) =>
          query.state.data?.versions.some((version) => version.latest_evaluation && evaluationLive(version.latest_evaluation.status)) ? LIST_POLL_MS : false,
      },
    ),
  );
  const rollback = useMutation(
    trpc.agents.rollback.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name: agent.name }) }),
        ]),
    }),
  );
  if (detail.error) return <ErrorMessage error={detail.error} />;
  if (!detail.data) return <Loading label="Loading the versions" rows={2} />;
  const versions = [...detail.data.versions].sort((a, b) => b.version - a.version);
  const active = detail.data.agent.version;
  const custom = agent.kind === "custom";
  const rolloutRunning = versions.some((version) => version.latest_rollout?.status === "running");
  // rollouts.get is 404 before the agent's first rollout: only asked for once there was one.
  const hadRollout = versions.some((version) => version.latest_rollout);
  const running = versions.find((version) => version.latest_evaluation && evaluationLive(version.latest_evaluation.status));
  const shownEvaluation = chosenEvaluation === undefined ? (running?.latest_evaluation?.id ?? null) : chosenEvaluation;
  return (
    <section aria-labelledby={`versions-${agent.name}`} className="grid gap-3">
      <h3 id={`versions-${agent.name}`} className="font-medium">
        Versions
      </h3>
      <Table aria-label={`Versions of ${agent.name}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Version</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>By</TableHead>
            {custom ? <TableHead>Latest evaluation</TableHead> : null}
            {custom ? <TableHead>Rollout</TableHead> : null}
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.version} data-version={version.version}>
              <TableCell className="whitespace-nowrap">
                v{version.version} <VersionState version={version} />
              </TableCell>
              <TableCell>{version.created_at ? formatDateTime(version.created_at) : "—"}</TableCell>
              {/* The author by name ("Ada Admin", "API key 'ci' (Ada Admin)"), not the actor id. */}
              <TableCell>{version.created_by_actor?.name ?? version.created_by ?? "—"}</TableCell>
              {custom ? (
                <TableCell data-testid="latest-evaluation">
                  <LatestEvaluation
                    version={version}
                    onShow={version.latest_evaluation ? () => setShownEvaluation(version.latest_evaluation!.id) : undefined}
                  />
                </TableCell>
              ) : null}
              {custom ? (
                <TableCell data-testid="latest-rollout">{version.latest_rollout ? <StatusBadge status={version.latest_rollout.status} /> : "—"}</TableCell>
              ) : null}
              <TableCell className="text-right">
                <div className="flex flex-wrap justify-end gap-2">
                  {canWrite ? (
                    <EvaluateDialog
                      name={agent.name}
                      version={version.version}
                      onStarted={(evaluationId) => {
                        setShownEvaluation(evaluationId);
                        runDetached(queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name: agent.name }) }), "refreshing the versions");
                      }}
                    />
                  ) : null}
                  {canWrite && version.version !== active && !rolloutRunning ? (
                    <RolloutDialog name={agent.name} version={version.version} activeVersion={active} />
                  ) : null}
                  {canWrite && version.version !== active ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm">
                          {version.activated_at ? `Roll back to v${version.version}` : `Activate v${version.version}`}
                        </Button>
                      }
                      title={
                        version.activated_at ? `Roll back ${agent.name} to version ${version.version}?` : `Make version ${version.version} of ${agent.name} active?`
                      }
                      description={`New runs use version ${version.version} from now on; runs already started keep their version. No version is deleted.${
                        version.activated_at ? "" : " It was never active: its release gate applies."
                      }`}
                      confirmLabel={`Make v${version.version} active`}
                      onConfirm={() => rollback.mutateAsync({ name: agent.name, version: version.version })}
                    />
                  ) : null}
                  {canCopyToLive ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm" aria-label={`Copy v${version.version} to live`}>
                          Copy to live
                        </Button>
                      }
                      title={`Copy version ${version.version} of ${agent.name} to live?`}
                      description={`Live mode's ${agent.name} gets a new version (version 1 if it has none yet) with this version's instructions, schemas, tools, model and review policy, active at once: live runs use it and are charged. This test-mode agent does not change.`}
                      confirmLabel="Copy to live"
                      confirmVariant="default"
                      onConfirm={async () => {
                        setCopied(null);
                        const result = await copyToLive.mutateAsync({ name: agent.name, version: version.version });
                        setCopied({ from: version.version, to: result.agent.version });
                      }}
                    />
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {copied ? (
        <p role="status" className="text-sm">
          Copied v{copied.from} to live: live {agent.name} is now at v{copied.to}.
        </p>
      ) : null}
      {custom && (shownEvaluation || hadRollout) ? (
        <div className="grid min-w-0 gap-4" aria-live="polite">
          {hadRollout ? <RolloutPanel name={agent.name} canWrite={canWrite} /> : null}
          {shownEvaluation ? (
            <EvaluationPanel key={shownEvaluation} name={agent.name} evaluationId={shownEvaluation} canWrite={canWrite} onClose={() => setShownEvaluation(null)} />
          ) : null}
        </div>
      ) : null}
      {versions.length > 1 ? <VersionDiff name={agent.name} versions={versions.map((version) => version.version)} /> : null}
    </section>
  );
}

/** Active, or stored without being made active; and whether it went live past its gate. */
function VersionState({ version }: { version: TVersionSummary }) {
  return (
    <>
      {version.active ? <Badge variant="outline">active</Badge> : version.activated_at ? null : <Badge variant="secondary">inactive</Badge>}
      {version.forced ? (
        <>
          {" "}
          <Badge variant="warning" title={`Made active past its release gate${version.activated_by_actor ? ` by ${version.activated_by_actor.name}` : ""}`}>
            forced
          </Badge>
        </>
      ) : null}
    </>
  );
}

function LatestEvaluation({ version, onShow }: { version: TVersionSummary; onShow?: () => void }) {
  const evaluation = version.latest_evaluation;
  if (!evaluation) return <span className="text-muted-foreground">—</span>;
  const ended = evaluation.status === "completed";
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusBadge status={evaluation.status} />
      {ended ? <span className="tabular-nums">{formatRate(evaluation.agreement_rate)}</span> : null}
      {ended ? <Badge variant={evaluation.gate.passed ? "success" : "destructive"}>{evaluation.gate.passed ? "gate passed" : "gate not passed"}</Badge> : null}
      {onShow ? (
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onShow} aria-label={`Show the evaluation of v${version.version}`}>
          Show
        </Button>
      ) : null}
    </div>
  );
}

function VersionDiff({ name, versions }: { name: string; versions: number[] }) {
  const trpc = useTRPC();
  const id = useId();
  // Newest against the one before it, by default.
  const [from, setFrom] = useState(versions[1]!);
  const [to, setTo] = useState(versions[0]!);
  const before = useQuery(trpc.agents.version.queryOptions({ name, version: from }));
  const after = useQuery(trpc.agents.version.queryOptions({ name, version: to }));
  const error = before.error ?? after.error;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`}>Compare version</Label>
          <Select id={`${id}-from`} value={from} onChange={(event) => setFrom(Number(event.target.value))}>
            {versions.map((version) => (
              <option key={version} value={version}>
                v{version}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`}>with version</Label>
          <Select id={`${id}-to`} value={to} onChange={(event) => setTo(Number(event.target.value))}>
            {versions.map((version) => (
              <option key={version} value={version}>
                v{version}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {error ? <ErrorMessage error={error} /> : null}
      {before.data && after.data ? (
        <CodeBlock aria-label={`Changes from v${from} to v${to}`} className="max-h-96 border bg-muted/30 p-2">
          {lineDiff(versionJson(before.data.agent), versionJson(after.data.agent)).map((line, index) => (
            <div
              key={index}
              data-diff={line.kind}
              className={cn(line.kind === "added" && "bg-green-500/15", line.kind === "removed" && "bg-red-500/15")}
            >
              {line.kind === "added" ? "+ " : line.kind === "removed" ? "- " : "  "}
              {line.text}
            </div>
          ))}
        </CodeBlock>
      ) : error ? null : (
        <Loading label="Loading the versions to compare" rows={2} />
      )}
    </div>
  );
}
