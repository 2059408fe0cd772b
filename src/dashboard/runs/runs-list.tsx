"use client";
// /runs: every run of the organization (in the current mode), newest first, filtered by
// status and agent type, a page at a time (runs.list, the same procedure as GET /v1/runs).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { AGENT_TYPES, type TAgentType } from "../../domains/agents/agent-types";
import { formatDateTime } from "../lib/format";
import { PageHeader } from "../shell/dashboard-shell";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Label, Select } from "../ui/input";
import { Pager } from "../ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { formatConfidence, RUN_STATUS_OPTIONS, statusLabel, type TRunStatus } from "./types";

const PAGE_SIZE = 20;

export function RunsList() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<TRunStatus | "">("");
  const [agentType, setAgentType] = useState<TAgentType | "">("");
  const [offset, setOffset] = useState(0);
  const runs = useQuery({
    ...trpc.runs.list.queryOptions({
      limit: PAGE_SIZE,
      offset,
      status: status || undefined,
      agent_type: agentType || undefined,
    }),
    placeholderData: keepPreviousData,
    // A list of live work: newly settled runs show up without a reload.
    refetchInterval: 10_000,
  });
  const filtered = Boolean(status || agentType);

  return (
    <>
      <PageHeader title="Runs" description="Every agent run in this organization, newest first." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="runs-status">Status</Label>
          <Select
            id="runs-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TRunStatus | "");
              setOffset(0);
            }}
          >
            <option value="">All statuses</option>
            {RUN_STATUS_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {statusLabel(option)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="runs-agent-type">Agent type</Label>
          <Select
            id="runs-agent-type"
            value={agentType}
            onChange={(event) => {
              setAgentType(event.target.value as TAgentType | "");
              setOffset(0);
            }}
          >
            <option value="">All agent types</option>
            {AGENT_TYPES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {runs.error ? (
        <ErrorMessage error={runs.error} />
      ) : !runs.data ? (
        <Loading label="Loading runs" rows={5} />
      ) : runs.data.data.length === 0 ? (
        <EmptyState title={filtered ? "No runs match these filters" : "No runs yet"}>
          {filtered
            ? "Try another status or agent type."
            : "Runs appear here as soon as they are started with POST /v1/run or as rows of a batch."}
        </EmptyState>
      ) : (
        <>
          <Table aria-label="Runs" aria-busy={runs.isFetching && runs.isPlaceholderData}>
            <TableHeader>
              <TableRow>
                <TableHead>Status</TableHead>
                <TableHead>Agent type</TableHead>
                <TableHead>Task</TableHead>
                <TableHead className="text-right">Confidence</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.data.data.map((run) => (
                <TableRow key={run.id} data-testid="run-row">
                  <TableCell>
                    <StatusBadge status={run.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{run.agent_type}</TableCell>
                  <TableCell className="max-w-[28rem] min-w-48">
                    <Link href={`/runs/${run.id}`} className="line-clamp-2 font-medium underline-offset-4 hover:underline">
                      {run.task_preview || "(no task)"}
                    </Link>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatConfidence(run.confidence_score)}</TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(run.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager label="Runs pages" offset={offset} limit={PAGE_SIZE} total={runs.data.total} onChange={setOffset} />
        </>
      )}
    </>
  );
}
