"use client";
// An agent's version history: when and by whom each version was made, which is active, a
// line diff of any two versions' content, and rolling back to an earlier one (agents:write).
// In test mode an admin copies a version to live (agents.copyFromTest): the live agent's
// version 1, or its next version, made from it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { cn } from "../lib/cn";
import { formatDateTime } from "../lib/format";
import { useCan, useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CodeBlock } from "../ui/code-block";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Label, Select } from "../ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { lineDiff } from "./line-diff";
import { versionJson, type TAgentView } from "./types";

export function AgentVersions({ agent }: { agent: TAgentView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canWrite = useCan("agents:write") && agent.kind === "custom" && !agent.archived_at;
  const testMode = useSession().current.mode === "test";
  const canCopyToLive = useCan("agents:write") && agent.kind === "custom" && testMode;
  const [copied, setCopied] = useState<{ from: number; to: number } | null>(null);
  const copyToLive = useMutation(trpc.agents.copyFromTest.mutationOptions());
  const detail = useQuery(trpc.agents.get.queryOptions({ name: agent.name }));
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
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.version}>
              <TableCell>
                v{version.version} {version.version === active ? <Badge variant="outline">active</Badge> : null}
              </TableCell>
              <TableCell>{version.created_at ? formatDateTime(version.created_at) : "—"}</TableCell>
              {/* The author by name ("Ada Admin", "API key 'ci' (Ada Admin)"), not the actor id. */}
              <TableCell>{version.created_by_actor?.name ?? version.created_by ?? "—"}</TableCell>
              <TableCell className="text-right">
                {canWrite && version.version !== active ? (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm">
                        Roll back to v{version.version}
                      </Button>
                    }
                    title={`Roll back ${agent.name} to version ${version.version}?`}
                    description={`New runs use version ${version.version} from now on; runs already started keep their version. No version is deleted.`}
                    confirmLabel={`Make v${version.version} active`}
                    onConfirm={() => rollback.mutateAsync({ name: agent.name, version: version.version })}
                  />
                ) : null}{" "}
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
      {versions.length > 1 ? <VersionDiff name={agent.name} versions={versions.map((version) => version.version)} /> : null}
    </section>
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
